import Foundation
import Jobs

/// Signed-in browsers: a random session id in an HttpOnly, SameSite=Strict cookie (Secure when
/// the browser reached the console over TLS), and a CSRF token per session that every form
/// carries. Beside it a second id in a SameSite=Lax cookie opens pages to read only: a link
/// followed from mail (a cross-site navigation, which carries no Strict cookie) shows the job to
/// a signed-in operator instead of asking them to sign in again; acting still takes the Strict
/// one. Kept in memory, at most `capacity` (the least recently used go first): a restarted
/// console asks to sign in again. Shared by every worker thread.
final class Sessions: @unchecked Sendable {
    struct Session {
        var id: String
        /// The Lax cookie's value: reads only (GET), never acts.
        var readID: String
        var identity: ConsoleTokens.Identity
        var csrf: String
        var lastSeen: Date
        /// One line shown on the next page (what an action did).
        var flash: String?
    }

    static let cookieName = "folio_session"
    static let readCookieName = "folio_read"
    /// A session unused this long is gone.
    static let idleLimit: TimeInterval = 12 * 3600
    /// Every cookie-less visit under `--no-auth` makes one: memory stays bounded.
    static let capacity = 10_000

    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private var byReadID: [String: String] = [:]

    func create(for identity: ConsoleTokens.Identity) -> Session {
        let session = Session(id: ConsoleTokens.newToken(), readID: ConsoleTokens.newToken(), identity: identity,
                              csrf: ConsoleTokens.newToken(), lastSeen: Date())
        lock.withLock {
            expire()
            sessions[session.id] = session
            byReadID[session.readID] = session.id
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

    /// The session whose read-only (Lax) cookie this is.
    func session(readID: String?) -> Session? {
        guard let readID, let id = lock.withLock({ byReadID[readID] }) else { return nil }
        return session(id)
    }

    func end(_ id: String) {
        lock.withLock {
            if let readID = sessions[id]?.readID { byReadID[readID] = nil }
            sessions[id] = nil
        }
    }

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
        byReadID = byReadID.filter { sessions[$0.value] != nil }
    }

    /// The cookie that holds the session: never readable by scripts, never sent cross-site,
    /// and never over plain HTTP once the browser came over TLS.
    static func cookie(_ session: Session, secure: Bool) -> String {
        "\(cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(Int(idleLimit))" + (secure ? "; Secure" : "")
    }

    /// The read-only cookie: sent on a top-level navigation from another site (a link in mail).
    static func readCookie(_ session: Session, secure: Bool) -> String {
        "\(readCookieName)=\(session.readID); Path=/; HttpOnly; SameSite=Lax; Max-Age=\(Int(idleLimit))" + (secure ? "; Secure" : "")
    }

    /// Both cookies of a new session; the Strict one last.
    static func cookies(_ session: Session, secure: Bool) -> [(String, String)] {
        [("Set-Cookie", readCookie(session, secure: secure)), ("Set-Cookie", cookie(session, secure: secure))]
    }

    static func clearedCookies(secure: Bool) -> [(String, String)] {
        [("Set-Cookie", "\(readCookieName)=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0" + (secure ? "; Secure" : "")),
         ("Set-Cookie", "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0" + (secure ? "; Secure" : ""))]
    }
}
