import Foundation
import Jobs

/// Signed-in browsers: a random session id in an HttpOnly, SameSite=Strict cookie, and a CSRF
/// token per session that every form carries. Kept in memory: a restarted console asks to
/// sign in again.
final class Sessions {
    struct Session {
        var id: String
        var identity: ConsoleTokens.Identity
        var csrf: String
        var lastSeen: Date
        /// One line shown on the next page (what an action did).
        var flash: String?
    }

    static let cookieName = "folio_session"
    /// A session unused this long is gone.
    static let idleLimit: TimeInterval = 12 * 3600

    private var sessions: [String: Session] = [:]

    func create(for identity: ConsoleTokens.Identity) -> Session {
        expire()
        let session = Session(id: ConsoleTokens.newToken(), identity: identity, csrf: ConsoleTokens.newToken(), lastSeen: Date())
        sessions[session.id] = session
        return session
    }

    func session(_ id: String?) -> Session? {
        guard let id, var session = sessions[id], Date().timeIntervalSince(session.lastSeen) < Self.idleLimit else { return nil }
        session.lastSeen = Date()
        sessions[id] = session
        return session
    }

    func end(_ id: String) { sessions[id] = nil }

    func setFlash(_ text: String, for id: String) { sessions[id]?.flash = text }

    func takeFlash(_ id: String) -> String? {
        defer { sessions[id]?.flash = nil }
        return sessions[id]?.flash
    }

    private func expire() {
        let now = Date()
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < Self.idleLimit }
    }

    /// The cookie that holds the session: never readable by scripts, never sent cross-site.
    static func cookie(_ session: Session) -> String {
        "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(idleLimit))"
    }

    static let clearedCookie = "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
}

/// Failed sign-ins slow down: after the nth failure from an address, that address waits
/// 2^(n-1) seconds (at most 5 minutes) before its next try is even looked at.
final class LoginThrottle {
    private var failures: [String: (count: Int, until: Date)] = [:]

    /// Seconds the client must still wait, or nil when it may try.
    func wait(for client: String, now: Date = Date()) -> Int? {
        guard let entry = failures[client], entry.until > now else { return nil }
        return Int(entry.until.timeIntervalSince(now).rounded(.up))
    }

    func failed(_ client: String, now: Date = Date()) {
        let count = (failures[client]?.count ?? 0) + 1
        failures[client] = (count, now.addingTimeInterval(min(300, pow(2, Double(count - 1)))))
    }

    func succeeded(_ client: String) { failures[client] = nil }
}
