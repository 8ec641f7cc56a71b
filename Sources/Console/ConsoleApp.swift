import Foundation
import Jobs

/// The operator console: who is asking (a bearer token, or a session from signing in), then
/// the route. Nothing but `/login` and `/static/` answers without a credential, and a wrong one
/// learns nothing about which jobs exist. Called from the server's one thread.
public final class ConsoleApp {
    let config: FolioConfig
    let queue: QueueDriver
    let tokens: ConsoleTokens
    /// `--no-auth` on loopback: everyone is the local operator (forms still carry CSRF tokens).
    let open: Bool
    let sessions = Sessions()
    let throttle = LoginThrottle()

    static let securityHeaders = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]

    public init(config: FolioConfig, queue: QueueDriver, tokens: ConsoleTokens, open: Bool) {
        self.config = config
        self.queue = queue
        self.tokens = tokens
        self.open = open
    }

    /// Who is asking, and how: a session (its CSRF token guards every POST) or a bearer token.
    struct Caller {
        var identity: ConsoleTokens.Identity
        var session: Sessions.Session?
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        do {
            response = try route(request)
        } catch {
            FileHandle.standardError.write(Data("folio serve: \(request.method) \(request.path): \(error)\n".utf8))
            response = request.path.hasPrefix("/api/") ? Self.apiError("internal-error", status: 500)
                : .text("Something went wrong; the console's log says what.", status: 500)
        }
        // Files carry their own, stricter policy.
        let own = Set(response.headers.map(\.0))
        response.headers += Self.securityHeaders.filter { !own.contains($0.0) }
        return response
    }

    private func route(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.bodyTooLarge { return .text("The request is too large.", status: 413) }
        switch (request.method, request.path) {
        case ("GET", "/static/console.css"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/css"), ("Cache-Control", "max-age=3600")], body: .bytes(Data(Assets.css.utf8)))
        case ("GET", "/static/console.js"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/javascript"), ("Cache-Control", "max-age=3600")], body: .bytes(Data(Assets.js.utf8)))
        case ("GET", "/static/favicon.svg"), ("GET", "/favicon.ico"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml"), ("Cache-Control", "max-age=86400")],
                                body: .bytes(Data(Assets.favicon.utf8)))
        case ("GET", "/login"):
            if open { return signInOpen(next: "/") }
            return .html(LoginPage.render(message: nil))
        case ("POST", "/login"):
            return signIn(request)
        default:
            break
        }
        let api = request.path.hasPrefix("/api/")
        guard let caller = caller(request) else {
            if api { return Self.apiError("unauthorized", status: 401, headers: [("WWW-Authenticate", "Bearer")]) }
            if open, request.method == "GET" { return signInOpen(next: Self.safeBack(request.path)) }
            return .redirect("/login")
        }
        if request.method == "POST", let session = caller.session {
            // A form or a script riding on the cookie must show the session's CSRF token.
            let given = request.field("csrf") ?? request.headers["x-csrf-token"] ?? ""
            guard ConsoleTokens.same(given, session.csrf) else {
                return api ? Self.apiError("csrf-token-missing-or-wrong", status: 403) : .text("The form has expired: reload the page and try again.", status: 403)
            }
        }
        if api { return try ConsoleAPI(app: self, caller: caller).answer(request) }
        return try pages(request, caller: caller)
    }

    private func pages(_ request: HTTPRequest, caller: Caller) throws -> HTTPResponse {
        let layout = Layout(identity: caller.identity, csrf: caller.session?.csrf ?? "", signsOut: !open)
        let notice = caller.session.flatMap { sessions.takeFlash($0.id) }
        switch (request.method, Route(request.path)) {
        case ("GET", .night):
            return .html(try NightPage(queue: queue, layout: layout).render())
        case ("GET", .jobs):
            return .html(try JobsPage(queue: queue, layout: layout).render(request.query, notice: notice))
        case ("GET", .job(let id)):
            guard Order.isValidIdentifier(id), let job = try queue.job(id) else { return notFound() }
            return .html(try JobPage(queue: queue, files: files, layout: layout).render(job, notice: notice))
        case ("GET", .file(let id, let name)):
            guard Order.isValidIdentifier(id), try queue.job(id) != nil, let response = try files.serve(id, name) else { return notFound() }
            return response
        case ("POST", .actions):
            guard caller.identity.role == .operator else { return .text("Viewers cannot act on jobs.", status: 403) }
            guard let action = try ActionRequest(form: request, queue: queue) else { return .text("Unknown action.", status: 400) }
            let outcomes = try action.perform(by: caller.identity.name, queue: queue, config: config)
            if let session = caller.session { sessions.setFlash(ActionRequest.summary(outcomes, action: action.action), for: session.id) }
            return .redirect(Self.safeBack(request.field("back")))
        case ("POST", .logout):
            if let session = caller.session { sessions.end(session.id) }
            return .redirect("/login", headers: [("Set-Cookie", Sessions.clearedCookie)])
        default:
            return notFound()
        }
    }

    var files: JobFiles { JobFiles(config: config, queue: queue) }

    func caller(_ request: HTTPRequest) -> Caller? {
        if let token = request.bearerToken {
            return tokens.identity(for: token).map { Caller(identity: $0, session: nil) }
        }
        return sessions.session(request.cookie(Sessions.cookieName)).map { Caller(identity: $0.identity, session: $0) }
    }

    private func signIn(_ request: HTTPRequest) -> HTTPResponse {
        if open { return signInOpen(next: "/") }
        if let wait = throttle.wait(for: request.client) {
            return HTTPResponse(status: 429, headers: [("Retry-After", String(wait)), ("Content-Type", "text/html; charset=utf-8")],
                                body: .bytes(Data(LoginPage.render(message: "Too many failed sign-ins: wait \(wait) s and try again.").utf8)))
        }
        guard let identity = tokens.identity(for: request.field("token") ?? "") else {
            throttle.failed(request.client)
            return .html(LoginPage.render(message: "That token is not valid."), status: 401)
        }
        throttle.succeeded(request.client)
        let session = sessions.create(for: identity)
        return .redirect("/", headers: [("Set-Cookie", Sessions.cookie(session))])
    }

    /// `--no-auth`: a session for the local operator, so forms still carry a CSRF token.
    private func signInOpen(next: String) -> HTTPResponse {
        let session = sessions.create(for: .init(name: "local", role: .operator))
        return .redirect(next, headers: [("Set-Cookie", Sessions.cookie(session))])
    }

    private func notFound() -> HTTPResponse { .text("Not found.", status: 404) }

    /// Only a path of this console: never another site.
    static func safeBack(_ back: String?) -> String {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"),
              !back.contains(where: { $0.isNewline }) else { return "/jobs" }
        return back
    }

    static func apiError(_ code: String, status: Int, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(Data("{\"error\":\"\(code)\"}".utf8), status: status)
        response.headers += headers
        return response
    }
}
