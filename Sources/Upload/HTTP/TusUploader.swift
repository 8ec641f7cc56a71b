import Foundation

/// Resumable delivery over tus 1.0 (core, creation, checksum). The file is created on the
/// server once; each PATCH sends the rest of the file from the server's offset with its
/// SHA-256 in Upload-Checksum. After a dropped connection Folio asks the server (HEAD) how much
/// arrived and sends only the rest.
public struct TusUploader: Sendable {
    public var settings: HTTPUploader.Settings
    /// Base64 SHA-256 of the file from a byte offset to its end (Upload stays free of Prepress).
    public var checksum: @Sendable (URL, Int64) throws -> String
    public var sleep: @Sendable (Double) -> Void
    public var random: @Sendable () -> Double

    public init(settings: HTTPUploader.Settings, checksum: @escaping @Sendable (URL, Int64) throws -> String,
                sleep: @escaping @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.settings = settings
        self.checksum = checksum
        self.sleep = sleep
        self.random = random
    }

    /// `request.url` is the tus creation endpoint.
    public func deliver(_ request: DeliveryRequest, idempotencyKey: String, hooks: DeliveryHooks = .none) -> DeliveryResult {
        let size = (try? FileManager.default.attributesOfItem(atPath: request.file.path)[.size] as? Int64) ?? 0
        var attempts: [DeliveryAttempt] = []
        var location: String?
        var offset: Int64 = 0
        // Right after creation the offset is 0; after a failure, the server is asked.
        var offsetKnown = false
        var refused = false
        func send(_ url: String, _ method: String, _ headers: [String], body: Bool, from start: Int64 = 0) -> HTTPAttempt.Outcome {
            var all = ["Tus-Resumable: 1.0.0", "Idempotency-Key: \(idempotencyKey)"] + headers
            if let authorization = settings.authorization, HTTPUploader.sameOrigin(url, request.url) { all.append("Authorization: \(authorization)") }
            var attempt = HTTPAttempt(url: url, method: method, headers: all, file: request.file, size: size,
                                      connectTimeout: settings.connectTimeout, lowSpeedTime: settings.lowSpeedTime,
                                      lowSpeedBytes: settings.lowSpeedBytes)
            attempt.offset = start
            attempt.sendsBody = body
            attempt.caFile = settings.caFile
            attempt.shouldAbort = hooks.shouldAbort
            attempt.stopping = hooks.stopping
            attempt.responseTimeout = settings.responseTimeout
            let outcome = attempt.run()
            var record = DeliveryAttempt(httpStatus: outcome.status == 0 ? nil : outcome.status, error: outcome.error.map(HTTPUploader.redact),
                                         bytesSent: outcome.bytesSent, url: url, responseID: location ?? outcome.responseID)
            // An unanswered PATCH is resolved by the HEAD that follows it: tus says where the
            // server stands, so what it holds is never sent twice.
            record.requestClass = outcome.error == nil && (200..<300).contains(outcome.status) ? .accepted
                : outcome.unanswered ? .unknown
                : HTTPUploader.retryable(status: outcome.status, curlCode: outcome.curlCode, failed: outcome.error != nil)
                    || outcome.status == 460 ? .transient : .permanent
            attempts.append(record)
            hooks.onAttempt(record)
            return outcome
        }
        while attempts.count < settings.maxAttempts, !hooks.shouldAbort(), !hooks.stopping() {
            let outcome: HTTPAttempt.Outcome
            if let upload = location {
                // Where does the server stand? Then send only the rest, with its checksum.
                if !offsetKnown {
                    let head = send(upload, "HEAD", [], body: false)
                    guard head.status == 200 || head.status == 204, let known = head.headers["upload-offset"].flatMap(Int64.init) else {
                        if !retry(head, attempts.count) {
                            refused = true
                            break
                        }
                        continue
                    }
                    offset = known
                }
                offsetKnown = false
                if offset >= size { return DeliveryResult(delivered: true, attempts: attempts) }
                let sum: String
                do { sum = try checksum(request.file, offset) } catch {
                    // Our own file could not be read: nothing is sent, and a later attempt may read it.
                    let record = DeliveryAttempt(httpStatus: nil, error: "cannot read \(request.file.lastPathComponent) to checksum it: \(error.localizedDescription)",
                                                 bytesSent: 0, url: upload)
                    attempts.append(record)
                    hooks.onAttempt(record)
                    break
                }
                outcome = send(upload, "PATCH", ["Upload-Offset: \(offset)", "Content-Type: application/offset+octet-stream",
                                                 "Upload-Checksum: sha256 \(sum)"], body: true, from: offset)
                if outcome.status == 204, outcome.headers["upload-offset"].flatMap(Int64.init) == size {
                    return DeliveryResult(delivered: true, attempts: attempts)
                }
            } else {
                outcome = send(request.url, "POST", ["Upload-Length: \(size)",
                                                     "Upload-Metadata: filename \(Data(request.file.lastPathComponent.utf8).base64EncodedString())"],
                               body: false)
                if outcome.status == 201, let created = outcome.headers["location"] {
                    location = HTTPUploader.resolve(created, against: request.url)
                    offsetKnown = true
                    guard HTTPUploader.sameOrigin(location ?? "", request.url) else {
                        refused = true
                        break
                    }
                    continue
                }
            }
            if !retry(outcome, attempts.count) {
                refused = true
                break
            }
        }
        return DeliveryResult(delivered: false, attempts: attempts, refused: refused)
    }

    /// Waits before the next try when the failure is transient; false when it is final.
    private func retry(_ outcome: HTTPAttempt.Outcome, _ count: Int) -> Bool {
        guard HTTPUploader.retryable(status: outcome.status, curlCode: outcome.curlCode, failed: outcome.error != nil)
                || outcome.status == 460 else { return false }
        sleep(min(settings.maxDelay, settings.baseDelay * pow(2, Double(max(0, count - 1)))) * random())
        return true
    }
}
