import Foundation

/// What a destination says it holds of a file: all of it, nothing, or it cannot say.
public enum Holding: Sendable, Equatable {
    case whole, nothing, unknown
}

/// Asks a PUT destination whether it holds a file whose upload went out whole and was not
/// answered: `HEAD` on the same URL, with the same credentials and Idempotency-Key. The file is
/// held when the answer is a 2xx whose `Content-Length` is the file's size and whose digest,
/// where the printer gives one (`Repr-Digest` or `Content-Digest`), is the file's; it is not
/// there at all on a 404 or 410. Anything else (no answer, `HEAD` not allowed, another size)
/// cannot tell, and the file is not sent again blindly.
public struct HoldingLookup {
    /// How a lookup that found nothing begins its record's error: the printer holds none of
    /// the file, so the request before it is resolved.
    public static let notHeld = "lookup: the printer does not hold it"


    var settings: HTTPUploader.Settings
    var url: String
    var size: Int64
    /// The file's SHA-256, base64, as in `Content-Digest`.
    var digest: String
    /// The request's own headers (Idempotency-Key, credentials for this origin).
    var headers: [String]
    var shouldAbort: @Sendable () -> Bool

    func run() -> (holding: Holding, request: DeliveryAttempt) {
        var attempt = HTTPAttempt(url: url, method: "HEAD", headers: headers.filter { !$0.hasPrefix("Content-Digest:") },
                                  file: URL(fileURLWithPath: "/dev/null"), size: 0, connectTimeout: settings.connectTimeout,
                                  lowSpeedTime: settings.lowSpeedTime, lowSpeedBytes: settings.lowSpeedBytes)
        attempt.sendsBody = false
        attempt.caFile = settings.caFile
        attempt.shouldAbort = shouldAbort
        // A lookup answers from what the printer already has: no reason to wait as for a body.
        attempt.responseTimeout = min(settings.responseTimeout, max(settings.connectTimeout, 60))
        let outcome = attempt.run()
        let holding = Self.holding(status: outcome.status, failed: outcome.error != nil, headers: outcome.headers, size: size, digest: digest)
        var request = DeliveryAttempt(httpStatus: outcome.status == 0 ? nil : outcome.status, error: nil, bytesSent: 0, url: url,
                                      responseID: outcome.responseID)
        switch holding {
        case .whole:
            request.error = nil
            request.requestClass = .accepted
        case .nothing:
            request.error = "\(Self.notHeld) (HTTP \(outcome.status)): sent again"
            request.requestClass = .transient
        case .unknown:
            request.error = "lookup: the printer cannot say whether it holds it ("
                + (outcome.error.map(HTTPUploader.redact) ?? "HTTP \(outcome.status)") + ")"
            request.requestClass = .unknown
        }
        return (holding, request)
    }

    static func holding(status: Int, failed: Bool, headers: [String: String], size: Int64, digest: String) -> Holding {
        if status == 404 || status == 410 { return .nothing }
        guard !failed, (200..<300).contains(status), headers["content-length"].flatMap(Int64.init) == size else { return .unknown }
        return HTTPUploader.digestMismatch(headers, expected: digest) == nil ? .whole : .unknown
    }
}
