import Foundation
import Jobs

/// Signed-in browsers: a random session id in an HttpOnly, SameSite=Strict cookie (Secure when
/// the browser reached the console over TLS), and a CSRF token per session that every form
/// carries. Kept in memory, at most `capacity` (the least recently used go first): a restarted
/// console asks to sign in again. Shared by every worker thread.
final class Sessions: @unchecked Sendable {
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
    /// Every cookie-less visit under `--no-auth` makes one: memory stays bounded.
    static let capacity = 10_000

    private let lock = NSLock()
    private var sessions: [String: Session] = [:]

    func create(for identity: ConsoleTokens.Identity) -> Session {
        let session = Session(id: ConsoleTokens.newToken(), identity: identity, csrf: ConsoleTokens.newToken(), lastSeen: Date())
        lock.withLock {
            expire()
            sessions[session.id] = session
        }
        return session
    }

    func session(_ id: String?) -> Session? {
        lock.withLock {
            guard let id, var session = sessions[id], Date().timeIntervalSince(session.lastSeen) < Self.idleLimit else { return nil }
            session.lastSeen = Date()
            sessions[id] = session
            return session
        }
    }

    func end(_ id: String) { lock.withLock { sessions[id] = nil } }

    func setFlash(_ text: String, for id: String) { lock.withLock { sessions[id]?.flash = text } }

    func takeFlash(_ id: String) -> String? {
        lock.withLock {
            defer { sessions[id]?.flash = nil }
            return sessions[id]?.flash
        }
    }

    private func expire() {
        let now = Date()
        sessions = sessions.filter { now.timeIntervalSince($0.value.lastSeen) < Self.idleLimit }
        if sessions.count >= Self.capacity {
            let oldest = sessions.values.sorted { $0.lastSeen < $1.lastSeen }.prefix(sessions.count - Self.capacity + 1)
            for session in oldest { sessions[session.id] = nil }
        }
    }

    /// The cookie that holds the session: never readable by scripts, never sent cross-site,
    /// and never over plain HTTP once the browser came over TLS.
    static func cookie(_ session: Session, secure: Bool) -> String {
        "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(idleLimit))" + (secure ? "; Secure" : "")
    }

    static func clearedCookie(secure: Bool) -> String {
        "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : "")
    }
}
