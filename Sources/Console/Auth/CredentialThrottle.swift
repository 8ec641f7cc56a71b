import Foundation

/// Every credential check (a sign-in, a bearer token) by one client counts: each failure adds
/// one to the client's score, which decays by one every `decaySeconds`. A client whose score
/// reached `allowed` is answered 429 (with Retry-After: until its score falls below again)
/// without its credential being looked at. The score is per client (the address the trusted
/// proxy names, see `ClientAddress`), so one client's guesses never lock out another's correct
/// token, and a success clears it. Shared by every worker thread.
final class CredentialThrottle: @unchecked Sendable {
    /// Failures allowed before a client waits.
    let allowed: Double
    let decaySeconds: Double
    /// Clients remembered at most (the one with the lowest score goes first).
    static let capacity = 50_000

    private let lock = NSLock()
    private var scores: [String: (score: Double, at: Double)] = [:]

    init(allowed: Double = 5, decaySeconds: Double = 2) {
        self.allowed = allowed
        self.decaySeconds = decaySeconds
    }

    /// Seconds the client must still wait, or nil when its credential may be checked.
    func wait(for client: String, now: Double = Date().timeIntervalSince1970) -> Int? {
        lock.withLock {
            let score = current(client, now: now)
            guard score >= allowed else { return nil }
            return max(1, Int(((score - allowed + 1) * decaySeconds).rounded(.up)))
        }
    }

    func failed(_ client: String, now: Double = Date().timeIntervalSince1970) {
        lock.withLock {
            if scores.count >= Self.capacity, scores[client] == nil {
                scores = scores.filter { now - $0.value.at < decaySeconds * allowed }
            }
            // At most a minute's wait, however long the guessing went on.
            scores[client] = (min(current(client, now: now) + 1, allowed + 60 / decaySeconds), now)
        }
    }

    func succeeded(_ client: String) { lock.withLock { scores[client] = nil } }

    private func current(_ client: String, now: Double) -> Double {
        guard let entry = scores[client] else { return 0 }
        return max(0, entry.score - max(0, now - entry.at) / decaySeconds)
    }
}
