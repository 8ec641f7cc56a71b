import Foundation
import Jobs

/// The frame every console page shares: a header with the sections and sign-out, one main
/// landmark, the stylesheet and script from `/static/`.
struct Layout {
    var identity: ConsoleTokens.Identity
    var csrf: String
    var signsOut: Bool

    func page(title: String, body: String, poll: String? = nil) -> String {
        let signOut = signsOut ? """
            <form method="post" action="/logout"><input type="hidden" name="csrf" value="\(HTML.escape(csrf))"><button type="submit">Sign out</button></form>
            """ : ""
        let header = """
            <a class="brand" href="/">Folio console</a>
            <nav aria-label="Sections"><a href="/">Night</a> · <a href="/jobs">Jobs</a></nav>
            <span>\(HTML.escape(identity.name)) (\(identity.role.rawValue))</span>
            \(signOut)
            """
        return Self.frame(title: title, header: header, body: body, poll: poll)
    }

    /// The frame itself, for the pages of a caller and for the sign-in page, which has no header:
    /// the reports' document with the console's stylesheet, icon and script linked, never inline.
    static func frame(title: String, header: String?, body: String, poll: String? = nil) -> String {
        let head = """
            <link rel="stylesheet" href="/static/console.css">
            <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
            <script src="/static/console.js" defer></script>
            """
        let main = "<main\(poll.map { " data-poll=\"\(HTML.escape($0))\"" } ?? "")>\n\(body)\n</main>"
        return HTML.document(title: "\(title) · Folio", head: head, body: header.map { "<header>\n\($0)\n</header>\n" + main } ?? main)
    }

    static func chip(_ state: String, id: String? = nil) -> String {
        let data = id.map { " data-job-state=\"\(HTML.escape($0))\"" } ?? ""
        return "<span class=\"chip state-\(HTML.escape(state))\"\(data)>\(HTML.escape(state))</span>"
    }

    static func time(_ seconds: Double) -> String {
        let t = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current,
                                                                from: Date(timeIntervalSince1970: seconds))
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d UTC", t.year ?? 0, t.month ?? 0, t.day ?? 0,
                      t.hour ?? 0, t.minute ?? 0, t.second ?? 0)
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min \(total % 60) s" }
        return "\(total / 3600) h \(total % 3600 / 60) min"
    }

    /// The CSRF field every form carries.
    func csrfField() -> String { "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">" }
}
