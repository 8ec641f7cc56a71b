import Foundation
import Jobs

/// The operator console: who is asking (a bearer token, or a session from signing in), then
/// the route. Nothing but `/login` and `/static/` answers without a credential, and a wrong one
/// learns nothing about which jobs exist. One per worker thread (each with its own queue
/// connection); what they share is the gate.
public final class ConsoleApp {
    let config: FolioConfig
    let queue: QueueDriver
    let gate: ConsoleGate
    let assets: ConsoleAssets
    var open: Bool { gate.open }
    var sessions: Sessions { gate.sessions }

    static let securityHeaders = [
        ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
        ("Cache-Control", "no-store"),
    ]

    public init(config: FolioConfig, queue: QueueDriver, gate: ConsoleGate, assets: ConsoleAssets) {
        self.config = config
        self.queue = queue
        self.gate = gate
        self.assets = assets
    }

    /// Who is asking, and how: a session (its CSRF token guards every POST) or a bearer token.
    struct Caller {
        var identity: ConsoleTokens.Identity
        var session: Sessions.Session?
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        var response: HTTPResponse
        let api = request.path.hasPrefix("/api/")
        do {
            response = try route(request)
        } catch let error as Throttled {
            response = api ? Self.apiError("too-many-failures", status: 429) : .text("Too many failed sign-ins: wait and try again.", status: 429)
            response.headers.append(("Retry-After", String(error.seconds)))
        } catch let error as BadRequest {
            response = api ? Self.apiError("bad-request", status: 400) : .text("Bad request: \(error.description).", status: 400)
        } catch let error as QueueContention where error.isLockTimeout {
            // Another process holds the queue's lock: say so, and when to come back.
            response = api ? Self.apiError("busy", status: 503) : .text("The queue is busy; try again in a few seconds.", status: 503)
            response.headers.append(("Retry-After", "5"))
        } catch {
            FileHandle.standardError.write(Data("folio serve: \(request.method) \(request.path): \(error)\n".utf8))
            response = api ? Self.apiError("internal-error", status: 500) : .text("Something went wrong; the console's log says what.", status: 500)
        }
        // Files carry their own, stricter policy.
        let own = Set(response.headers.map(\.0))
        response.headers += Self.securityHeaders.filter { !own.contains($0.0) }
        return response
    }

    private func route(_ incoming: HTTPRequest) throws -> HTTPResponse {
        var request = incoming
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return HTTPResponse(status: 405, headers: [("Allow", "GET, HEAD, POST"), ("Content-Type", "text/plain; charset=utf-8")],
                                body: .bytes(Data("Method not allowed.".utf8)))
        }
        // The library sends no body for HEAD: it is GET in every other way.
        if request.method == "HEAD" { request.method = "GET" }
        guard !BoundedInput.hasControlCharacters(request.path),
              !request.query.contains(where: { BoundedInput.hasControlCharacters($0.key) || BoundedInput.hasControlCharacters($0.value) }) else {
            throw BadRequest(description: "a control character (or %00) in the address")
        }
        if open, !LoopbackGuard.allows(request) {
            return .text("Under --no-auth the console answers only to a loopback Host and Origin.", status: 403)
        }
        if request.method == "GET", MonitoringRoutes.paths.contains(request.path) {
            return try MonitoringRoutes(queue: queue, gate: gate, config: config).answer(request)
        }
        if request.method == "GET", let asset = assets.response(request.path) { return asset }
        switch (request.method, request.path) {
        case ("GET", "/login"):
            let next = Self.safeBack(request.query["next"], fallback: "/")
            if open { return signInOpen(request, next: next) }
            if let caller = try caller(request), caller.session != nil { return .redirect(next) }
            return .html(LoginPage.render(message: nil, next: next))
        case ("POST", "/login"):
            return signIn(request)
        default:
            break
        }
        let api = request.path.hasPrefix("/api/")
        guard let caller = try caller(request) else {
            if api { return Self.apiError("unauthorized", status: 401, headers: [("WWW-Authenticate", "Bearer")]) }
            if open, request.method == "GET" { return signInOpen(request, next: Self.safeBack(request.target)) }
            // A link from mail comes back to where it pointed, once signed in.
            let next = request.method == "GET" ? Self.safeBack(request.target) : "/"
            return .redirect(next == "/" ? "/login" : "/login?next=" + Self.percentEncoded(next))
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
            return .html(try NightPage(queue: queue, layout: layout, destinations: PauseRequest.destinations(config)).render(notice: notice))
        case ("GET", .jobs):
            return .html(try JobsPage(queue: queue, layout: layout).render(request.query, notice: notice))
        case ("GET", .job(let id)):
            guard JobIdentifier.isValid(id), let job = try queue.job(id) else { return notFound() }
            return .html(try JobPage(queue: queue, files: files, layout: layout).render(job, notice: notice))
        case ("GET", .file(let id, let name)):
            guard JobIdentifier.isValid(id), try queue.job(id) != nil, let response = try files.serve(id, name) else { return notFound() }
            return response
        case ("GET", .page(let id, let number)):
            guard JobIdentifier.isValid(id), let job = try queue.job(id), let report = try files.report(id),
                  let pages = report.interiorPages,
                  let page = BoundedInput.page(Substring(number), of: pages) else { return notFound() }
            return .html(PageView(layout: layout).render(job, report: report, page: page, of: pages))
        case ("POST", .actions):
            guard caller.identity.role == .operator else { return .text("Viewers cannot act on jobs.", status: 403) }
            guard let action = try ActionRequest(form: request, queue: queue) else { return .text("Unknown action.", status: 400) }
            let back = Self.safeBack(request.field("back"))
            if action.needsConfirmation {
                return .html(try ConfirmPage(queue: queue, layout: layout).render(action, back: back))
            }
            let outcomes = try action.perform(by: caller.identity.name, queue: queue, config: config)
            AuditLog.acted(action.action, on: outcomes, by: caller.identity, client: gate.addresses.client(of: request), reason: action.reason)
            if let session = caller.session { sessions.setFlash(ActionRequest.summary(outcomes, action: action.action), for: session.id) }
            return .redirect(back)
        case ("POST", .pauses):
            guard caller.identity.role == .operator else { return .text("Viewers cannot pause or resume.", status: 403) }
            guard let pause = try PauseRequest(action: request.field("action"), target: request.field("target"),
                                               reason: request.field("reason"), config: config) else { return .text("Unknown pause.", status: 400) }
            let outcome = try pause.perform(by: caller.identity.name, queue: queue)
            AuditLog.paused(pause, changed: outcome.changed, by: caller.identity, client: gate.addresses.client(of: request))
            if let session = caller.session { sessions.setFlash(outcome.message, for: session.id) }
            return .redirect("/")
        case ("POST", .logout):
            if let session = caller.session { sessions.end(session.id) }
            return .redirect("/login", headers: Sessions.clearedCookies(secure: gate.secure(request)))
        default:
            return notFound()
        }
    }

    var files: JobFiles { JobFiles(config: config, queue: queue) }

    /// The caller a credential names; a client over the throttle's limit is refused (429)
    /// before its bearer token is looked at.
    func caller(_ request: HTTPRequest) throws(Throttled) -> Caller? {
        if let token = request.bearerToken {
            let client = gate.addresses.client(of: request)
            if let wait = gate.throttle.wait(for: client) { throw Throttled(seconds: wait) }
            guard let identity = gate.tokens.identity(for: token) else {
                gate.throttle.failed(client)
                AuditLog.refused(client: client, by: "bearer token")
                return nil
            }
            gate.throttle.succeeded(client)
            return Caller(identity: identity, session: nil)
        }
        if let session = sessions.session(request.cookie(Sessions.cookieName)) { return Caller(identity: session.identity, session: session) }
        // The Lax cookie reads, never acts: a POST riding on it alone is not signed in.
        guard request.method == "GET" else { return nil }
        return sessions.session(readID: request.cookie(Sessions.readCookieName)).map { Caller(identity: $0.identity, session: $0) }
    }

    private func signIn(_ request: HTTPRequest) -> HTTPResponse {
        let next = Self.safeBack(request.field("next"), fallback: "/")
        if open { return signInOpen(request, next: next) }
        let client = gate.addresses.client(of: request)
        if let wait = gate.throttle.wait(for: client) {
            return HTTPResponse(status: 429, headers: [("Retry-After", String(wait)), ("Content-Type", "text/html; charset=utf-8")],
                                body: .bytes(Data(LoginPage.render(message: "Too many failed sign-ins: wait \(wait) s and try again.", next: next).utf8)))
        }
        guard let identity = gate.tokens.identity(for: request.field("token") ?? "") else {
            gate.throttle.failed(client)
            AuditLog.refused(client: client, by: "sign-in form")
            return .html(LoginPage.render(message: "That token is not valid.", next: next), status: 401)
        }
        gate.throttle.succeeded(client)
        AuditLog.signedIn(identity, client: client, by: "sign-in form")
        let session = sessions.create(for: identity)
        return .redirect(next, headers: Sessions.cookies(session, secure: gate.secure(request)))
    }

    /// `--no-auth`: a session for the local operator, so forms still carry a CSRF token.
    private func signInOpen(_ request: HTTPRequest, next: String) -> HTTPResponse {
        let session = sessions.create(for: .init(name: "local", role: .operator))
        return .redirect(next, headers: Sessions.cookies(session, secure: gate.secure(request)))
    }

    private func notFound() -> HTTPResponse { .text("Not found.", status: 404) }

    /// Only a path of this console: never another site.
    static func safeBack(_ back: String?, fallback: String = "/jobs") -> String {
        guard let back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\"), back.utf8.count <= 2_000,
              !back.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.properties.isWhitespace }) else { return fallback }
        return back
    }

    static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? "/"
    }

    static func apiError(_ code: String, status: Int, headers: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(Data("{\"error\":\"\(code)\"}".utf8), status: status)
        response.headers += headers
        return response
    }
}

/// A client over the credential throttle's limit.
struct Throttled: Error {
    var seconds: Int
}
