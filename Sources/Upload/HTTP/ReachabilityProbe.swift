import Foundation

/// Whether a destination answers at all: one HEAD request, no body, a short timeout. Any HTTP
/// status counts as an answer (a 404 or 405 to HEAD is still a server that is there); only a
/// request that got none is a problem. For `folio doctor`.
public enum ReachabilityProbe {
    /// Nil when the server answered; else what went wrong.
    public static func problem(url: String, caFile: String?, timeoutSeconds: Int = 5) -> String? {
        var attempt = HTTPAttempt(url: url, method: "HEAD", headers: [], file: URL(fileURLWithPath: "/dev/null"), size: 0,
                                  connectTimeout: timeoutSeconds, lowSpeedTime: timeoutSeconds, lowSpeedBytes: 1)
        attempt.sendsBody = false
        attempt.responseTimeout = timeoutSeconds
        attempt.caFile = caFile
        let outcome = attempt.run()
        return outcome.status != 0 ? nil : (outcome.error ?? "no answer")
    }
}
