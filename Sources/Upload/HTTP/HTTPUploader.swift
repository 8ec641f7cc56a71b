import Foundation

/// Delivers one file over HTTP with retry: transient network failures and 408, 429, 500, 502,
/// 503, 504 are tried again after an exponential backoff with full jitter (a server's
/// Retry-After wins, clamped), within a total time budget; other 4xx and TLS failures are final.
/// Every request carries an Idempotency-Key and a Content-Digest (RFC 9530); a digest the
/// server sends back must match. Redirects are followed only within the same origin.
public struct HTTPUploader: Sendable {
    public struct Settings: Sendable {
        public var method = "PUT"
        public var headers: [String: String] = [:]
        /// `Authorization` value built from environment variables, never logged.
        public var authorization: String?
        public var maxAttempts = 8
        public var baseDelay = 0.5
        public var maxDelay = 60.0
        public var budget = 1800.0
        public var connectTimeout = 15
        public var lowSpeedTime = 30
        public var lowSpeedBytes = 1024
        /// Seconds to wait for an answer once the whole body has gone: generous, since a
        /// printer may preflight a whole PDF before it says anything.
        public var responseTimeout = 600
        /// Whether a PUT destination is asked with HEAD what it holds (`lookup` "head"); off
        /// for a printer that moves files away once it picks them up, where a 404 proves nothing.
        public var lookup = true
        public var formField: String?
        public var formFields: [String: String] = [:]
        /// PEM certificates of a private CA that signed the server's certificate.
        public var caFile: String?

        public init() {}
    }

    public var settings: Settings
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Double) -> Void
    public var random: @Sendable () -> Double

    public init(settings: Settings, now: @escaping @Sendable () -> Date = Date.init,
                sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.settings = settings
        self.now = now
        self.sleep = sleep
        self.random = random
    }

    /// `idempotencyKey` identifies this file of this order, so a server can tell a retry from
    /// a new upload.
    public func deliver(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks = .none) -> DeliveryResult {
        let start = now()
        var attempts: [DeliveryAttempt] = []
        var url = request.url
        let size = (try? FileManager.default.attributesOfItem(atPath: request.file.path)[.size] as? Int64) ?? 0
        let digest = Self.base64(hex: request.sha256)
        var redirects = 0
        var sends = 0
        while sends < settings.maxAttempts {
            sends += 1
            var headers = settings.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            headers.append("Idempotency-Key: \(idempotencyKey)")
            // For PUT the body is the file; in a multipart form the digest goes on the file's part.
            let multipart = settings.formField != nil
            if !multipart { headers.append("Content-Digest: sha-256=:\(digest):") }
            if let authorization = settings.authorization, Self.sameOrigin(url, request.url) {
                headers.append("Authorization: \(authorization)")
            }
            if hooks.shouldAbort() || hooks.stopping() { break }
            var attempt = HTTPAttempt(url: url, method: settings.method, headers: headers, file: request.file, size: size,
                                      connectTimeout: settings.connectTimeout, lowSpeedTime: settings.lowSpeedTime,
                                      lowSpeedBytes: settings.lowSpeedBytes, formField: settings.formField,
                                      formFields: settings.formFields, partDigest: multipart ? "sha-256=:\(digest):" : nil)
            attempt.caFile = settings.caFile
            attempt.shouldAbort = hooks.shouldAbort
            attempt.stopping = hooks.stopping
            attempt.responseTimeout = settings.responseTimeout
            var outcome = attempt.run()
            var damaged = false
            if !multipart, outcome.error == nil, (200..<300).contains(outcome.status),
               let mismatch = Self.digestMismatch(outcome.headers, expected: digest) {
                outcome.error = mismatch
                damaged = true
            }
            var record = DeliveryAttempt(httpStatus: outcome.status == 0 ? nil : outcome.status, error: outcome.error.map(Self.redact),
                                         bytesSent: outcome.bytesSent, url: url, responseID: outcome.responseID)
            let redirect = [301, 302, 303, 307, 308].contains(outcome.status) ? outcome.headers["location"].map { Self.resolve($0, against: url) } : nil
            if let redirect, !Self.sameOrigin(redirect, request.url) {
                record.error = "redirect to another origin refused (\(Self.origin(redirect) ?? "?"))"
            } else if redirect != nil, redirects >= 5 {
                record.error = "more than 5 redirects: refused"
            }
            let followed = redirect != nil && record.error == nil
            record.requestClass = (outcome.error == nil && (200..<300).contains(outcome.status)) || followed ? .accepted
                : outcome.unanswered ? .unknown
                : redirect == nil && (damaged || Self.retryable(status: outcome.status, curlCode: outcome.curlCode, failed: outcome.error != nil))
                ? .transient : .permanent
            attempts.append(record)
            hooks.onAttempt(record)
            if outcome.error == nil && (200..<300).contains(outcome.status) {
                return DeliveryResult(delivered: true, attempts: attempts)
            }
            if hooks.shouldAbort() || hooks.stopping() {
                // Stopped: nothing more is sent; an unanswered request is asked about (or waits
                // for an operator) in the next attempt.
                return DeliveryResult(delivered: false, attempts: attempts, unknown: outcome.unanswered)
            }
            // A gateway's 502 or 504 once the printer behind it had the whole body is as unsure.
            let gatewayLost = [502, 504].contains(outcome.status) && outcome.acknowledgedWhole
            if outcome.unanswered || ((outcome.closedAfterBody || gatewayLost) && !multipart && settings.lookup) {
                // Never sent again blindly: ask the printer first, where it can be asked.
                // The URL as redirected (same-origin only), so its credentials stay the same.
                let lookup = holding(DeliveryRequest(url: url, file: request.file, sha256: request.sha256, baseFolder: request.baseFolder),
                                     idempotencyKey: idempotencyKey, hooks: hooks)
                if let lookup { attempts.append(lookup.request) }
                switch lookup?.holding {
                case .whole?: return DeliveryResult(delivered: true, attempts: attempts)
                case .nothing?: break  // the printer has none of it: sending again is safe
                case .unknown?, nil:
                    // A clean close is the failure the retry table says it is; only silence is unknown.
                    if outcome.unanswered { return DeliveryResult(delivered: false, attempts: attempts, unknown: true) }
                }
            }
            if let redirect {
                guard record.error == nil else { return DeliveryResult(delivered: false, attempts: attempts, refused: true) }
                url = redirect
                redirects += 1
                continue
            }
            guard record.requestClass == .transient || outcome.unanswered else {
                return DeliveryResult(delivered: false, attempts: attempts, refused: true)
            }
            var delay = min(settings.maxDelay, settings.baseDelay * pow(2, Double(sends - 1))) * random()
            if let retryAfter = outcome.headers["retry-after"].flatMap({ Self.retryAfter($0, now: now()) }) {
                delay = min(max(retryAfter, 0), settings.maxDelay)
            }
            if now().timeIntervalSince(start) + delay > settings.budget { break }
            if sends < settings.maxAttempts { sleep(delay) }
        }
        return DeliveryResult(delivered: false, attempts: attempts)
    }

    /// Transient failures are retried; a client error or a certificate problem is not.
    static func retryable(status: Int, curlCode: Int, failed: Bool) -> Bool {
        RetryClass.of(status: status, curlCode: curlCode, failed: failed) == .transient
    }

    /// Seconds from a Retry-After value: delta-seconds or an HTTP date.
    static func retryAfter(_ value: String, now: Date) -> Double? {
        if let seconds = Double(value.trimmingCharacters(in: .whitespaces)) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value.trimmingCharacters(in: .whitespaces)).map { $0.timeIntervalSince(now) }
    }

    /// A digest header the server sent back that does not match what was sent.
    static func digestMismatch(_ headers: [String: String], expected: String) -> String? {
        for name in ["repr-digest", "content-digest"] {
            guard let value = headers[name], let range = value.range(of: "sha-256=:") else { continue }
            let given = value[range.upperBound...].prefix { $0 != ":" }
            if given != expected { return "the server's \(name) does not match the file sent: treated as a failed transfer" }
        }
        return nil
    }

    static func base64(hex: String) -> String {
        let bytes = stride(from: 0, to: hex.count - 1, by: 2).compactMap { offset -> UInt8? in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
        }
        return Data(bytes).base64EncodedString()
    }

    static func origin(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme.lowercased())://\(host.lowercased()):\(port)"
    }

    static func sameOrigin(_ a: String, _ b: String) -> Bool { origin(a) != nil && origin(a) == origin(b) }

    static func resolve(_ location: String, against base: String) -> String {
        URL(string: location, relativeTo: URL(string: base))?.absoluteString ?? location
    }

    /// Error texts never carry credentials, even if a server echoes them back.
    static func redact(_ text: String) -> String {
        var result = text
        for marker in ["Bearer ", "Basic ", "Authorization"] {
            while let range = result.range(of: marker) {
                let end = result[range.upperBound...].firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? result.endIndex
                result.replaceSubrange(range.lowerBound..<end, with: "[redacted]")
            }
        }
        return result
    }
}
