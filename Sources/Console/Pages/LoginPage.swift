import Jobs

/// `/login`: a token, once; the session cookie does the rest. `next` is where the browser was
/// going (a link from mail to a job lands on that job).
enum LoginPage {
    static func render(message: String?, next: String) -> String {
        let form = """
            <form class="login" method="post" action="/login">
            <h1>Folio console</h1>
            \(message.map { "<p class=\"notice\" role=\"alert\">\(HTML.escape($0))</p>" } ?? "")
            <input type="hidden" name="next" value="\(HTML.escape(next))">
            <label>Console token<input type="password" name="token" autocomplete="current-password" required></label>
            <button type="submit" class="primary">Sign in</button>
            </form>
            """
        return Layout.frame(title: "Sign in", header: nil, body: form)
    }
}
