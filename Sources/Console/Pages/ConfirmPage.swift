import Foundation
import Jobs

/// The step before an action that is hard to undo or touches many jobs: how many, and which
/// (each with its state now); the confirmed form carries exactly these ids.
struct ConfirmPage {
    var queue: JobStore
    var layout: Layout

    static let labels: [JobAction: String] = [.approve: "Approve", .retry: "Retry", .retryFresh: "Retry with a fresh render",
                                              .cancel: "Cancel", .reject: "Reject", .arrived: "It arrived", .sendAgain: "Send again"]

    func render(_ request: ActionRequest, back: String) throws -> String {
        let label = Self.labels[request.action] ?? request.action.rawValue
        let count = request.ids.count
        let noun = "\(count) job\(count == 1 ? "" : "s")"
        var body = "<h1>\(HTML.escape(label)) \(noun)?</h1>\n"
        if let seen = request.seen, seen != count {
            body += "<p class=\"notice\" role=\"status\">The Jobs page showed \(seen) matching; \(count) match now. "
                + "Only the \(noun) listed here will be changed.</p>\n"
        }
        guard count > 0 else {
            return layout.page(title: "Nothing to \(label.lowercased())", body: body + "<p>No job is selected. <a href=\"\(HTML.escape(back))\">Back</a></p>")
        }
        body += "<form method=\"post\" action=\"/actions\" class=\"confirm\">\(layout.csrfField())"
            + "<input type=\"hidden\" name=\"action\" value=\"\(request.action.rawValue)\"><input type=\"hidden\" name=\"confirm\" value=\"1\">"
            + "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape(back))\">"
        if let reason = request.reason { body += "<input type=\"hidden\" name=\"reason\" value=\"\(HTML.escape(reason))\">" }
        body += "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">order</th><th scope=\"col\">state now</th></tr></thead><tbody>"
        for id in request.ids {
            let state = try queue.job(id)?.state.rawValue ?? "gone"
            body += "<tr><td><input type=\"hidden\" name=\"id\" value=\"\(HTML.escape(id))\"><a href=\"/jobs/\(HTML.escape(id))\">"
                + "\(HTML.escape(id))</a></td><td>\(Layout.chip(state))</td></tr>"
        }
        body += "</tbody></table></div>\n"
        if let reason = request.reason { body += "<p>Reason: \(HTML.escape(reason))</p>\n" }
        body += "<div class=\"actions\"><button type=\"submit\" class=\"primary\" id=\"confirm\">\(HTML.escape(label)) \(noun)</button> "
            + "<a href=\"\(HTML.escape(back))\">Back, change nothing</a></div></form>\n"
        return layout.page(title: "\(label) \(noun)?", body: body)
    }
}
