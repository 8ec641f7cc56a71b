import Diagnostics
import Foundation
import Prepress
import Upload

/// Sends each verified output to the order's destination, exactly once: a file the ledger holds
/// as delivered there with the same digest is skipped, every request is recorded as it happens,
/// and each accepted file is in the ledger before the next is sent.
struct DeliverStage {
    var destination: Destination
    var orderID: String
    var orderSHA256: String
    var ledger: JobLedger
    var environment: [String: String] = ProcessInfo.processInfo.environment
    var now: @Sendable () -> Date = Date.init
    /// The operator's word on files whose delivery was unknown, or on a delivered job.
    var decision: DeliveryDecision?

    struct Outcome {
        var uploads: [JobReport.Upload]
        var delivered: Bool
        /// A file was refused on purpose (a permanent failure): retrying cannot help.
        var refused: Bool
        /// Files that went out whole and were never answered, where the printer could not be
        /// asked: only an operator may have them sent again.
        var unknown: [String]
    }

    func run(_ outputs: [JobReport.Output], folder: URL) throws(JobError) -> Outcome {
        let earlier: [LedgerEntry]
        do { earlier = try ledger.deliveries().filter { $0.destination == destination.id } } catch {
            throw .failed(code: .ledgerUnreadable, message: "the delivery ledger could not be read, so nothing is sent: \(error)")
        }
        // The printer has another version of a file of this very order: sending would give it
        // two. Outputs are deterministic, so this means something changed underneath the job.
        let changed = outputs.filter { output in
            let mine = earlier.filter { $0.file == output.file }
            return !mine.isEmpty && !mine.contains { $0.sha256 == output.sha256 } && mine.contains { $0.orderSHA256 == orderSHA256 }
        }
        if !changed.isEmpty {
            throw .failed(code: .deliveredFileChanged, message: changed.map { output in
                "\(output.file) was delivered to \(destination.id) with SHA-256 \(earlier.last { $0.file == output.file }?.sha256.prefix(12) ?? "?")…, "
                    + "now it is \(output.sha256.prefix(12))…"
            }.joined(separator: "; ") + "; nothing is sent, because the printer already has another version")
        }
        let unresolved = try unresolvedFiles(outputs, delivered: earlier)
        var delivered = true
        var refused = false
        var unknown: [String] = []
        var outcomes: [String: (status: String, note: String?)] = [:]
        for output in outputs {
            let copy = deliberateCopy(output, unresolved: unresolved)
            if let done = earlier.last(where: { $0.file == output.file && $0.sha256 == output.sha256 }), copy == nil {
                outcomes[output.file] = ("skipped", "skipped: already delivered at \(Self.timestamp(done.deliveredAt)) (attempt \(done.attempt))")
                continue
            }
            if let request = unresolved[output.file], copy == nil {
                // Sent whole once and never answered: never sent again without an answer.
                switch try resolve(output, request: request, folder: folder) {
                case .recorded(let note):
                    outcomes[output.file] = ("done", note)
                    continue
                case .waiting(let note):
                    unknown.append(output.file)
                    delivered = false
                    outcomes[output.file] = ("unknown", note)
                    continue
                case .send: break
                }
            }
            let replaced = earlier.last { $0.file == output.file }
            ledger.beginTransfer(output.file)
            // A copy of a file the printer has is a new upload: a printer that honours the key
            // would otherwise answer with the first one and keep no copy.
            let copies = earlier.filter { $0.file == output.file && $0.sha256 == output.sha256 }.count
            let result = send(output, folder: folder, copy: copy == nil ? 0 : copies)
            if let accepted = result.accepted {
                do { try record(output, url: accepted.url, httpStatus: accepted.httpStatus, responseID: accepted.responseID) } catch {
                    ledger.endTransfer()
                    throw error
                }
            }
            ledger.endTransfer()
            delivered = delivered && result.delivered
            refused = refused || (!result.delivered && result.refused)
            if result.unknown { unknown.append(output.file) }
            outcomes[output.file] = (result.delivered ? "done" : result.unknown ? "unknown" : "failed",
                                     copy ?? replaced.map { "replaces the copy of the earlier order delivered at \(Self.timestamp($0.deliveredAt))" })
        }
        return Outcome(uploads: try uploads(outputs, outcomes), delivered: delivered, refused: refused, unknown: unknown)
    }

    /// A file the printer accepted (or, on an operator's word, has), in the ledger.
    func record(_ output: JobReport.Output, url: String, httpStatus: Int?, responseID: String?) throws(JobError) {
        do {
            try ledger.record(LedgerEntry(job: ledger.job, attempt: ledger.attempt, kind: output.kind, file: output.file,
                                          sha256: output.sha256, bytes: output.bytes, destination: destination.id,
                                          url: url, httpStatus: httpStatus, responseID: responseID,
                                          orderSHA256: orderSHA256, worker: ledger.worker, deliveredAt: now().timeIntervalSince1970))
        } catch {
            throw .failed(code: .ledgerNotWritten, message: "\(output.file) reached \(destination.id) but the ledger could not record it: \(error)")
        }
    }

    /// One file, by the destination's protocol, with each request recorded as it ends.
    /// `copy`: how many copies the printer already holds (a deliberate copy's key is its own).
    func send(_ output: JobReport.Output, folder: URL, copy: Int = 0) -> DeliveryResult {
        let request = DeliveryRequest(url: url(for: output), file: folder.appendingPathComponent(output.file),
                                      sha256: output.sha256, baseFolder: destination.configFolder)
        let hooks = hooks(for: output)
        switch transport(for: output) {
        case .success(let transport):
            return transport.deliver(request, idempotencyKey: idempotencyKey(for: output, copy: copy), hooks: hooks)
        case .failure(let problem):
            var attempt = DeliveryAttempt(httpStatus: nil, error: problem.description, bytesSent: 0, url: request.url)
            attempt.requestClass = .permanent
            hooks.onAttempt(attempt)
            return DeliveryResult(delivered: false, attempts: [attempt], refused: true)
        }
    }

    /// Every request recorded as it ends; a transfer cut off once the job is another's.
    func hooks(for output: JobReport.Output) -> DeliveryHooks {
        let ledger = ledger, destination = destination.id, now = now
        return DeliveryHooks(onAttempt: { attempt in
            ledger.record(UploadRequestRecord(job: ledger.job, attempt: ledger.attempt, file: output.file, destination: destination,
                                              url: attempt.url, httpStatus: attempt.httpStatus, error: attempt.error,
                                              bytesSent: attempt.bytesSent, at: now().timeIntervalSince1970,
                                              requestClass: attempt.requestClass.rawValue))
        }, shouldAbort: { ledger.shouldAbort }, stopping: { ledger.isStopping })
    }

    /// The same for this file of this order in every attempt, so a printer can tell a retry;
    /// another for each deliberate copy of a file it already holds.
    func idempotencyKey(for output: JobReport.Output, copy: Int = 0) -> String {
        SHA256.hex(of: Data("\(orderID):\(output.file):\(output.sha256)\(copy > 0 ? ":copy-\(copy)" : "")".utf8))
    }

    /// The destination's transport, chosen by its type; an HTTP one that cannot be asked as
    /// configured (a credential missing from the environment) is a problem, not a request.
    func transport(for output: JobReport.Output) -> Result<any Transport, Problem> {
        switch destination.transport {
        case .local: .success(LocalTransport())
        case .http: settings(for: output).map { HTTPUploader(settings: $0) }
        case .tus: settings(for: output).map { TusUploader(settings: $0, checksum: { try SHA256.base64(ofFile: $0, from: $1) }) }
        }
    }

    /// The report's uploads: every request of every attempt for each file, and the ledger's row.
    private func uploads(_ outputs: [JobReport.Output], _ outcomes: [String: (status: String, note: String?)]) throws(JobError)
        -> [JobReport.Upload] {
        let requests: [UploadRequestRecord], deliveries: [LedgerEntry]
        do {
            requests = try ledger.requests().filter { $0.destination == destination.id }
            deliveries = try ledger.deliveries().filter { $0.destination == destination.id }
        } catch {
            throw .failed(code: .ledgerUnreadable, message: "the delivery ledger could not be read: \(error)")
        }
        return outputs.map { output in
            let entry = deliveries.last { $0.file == output.file && $0.sha256 == output.sha256 }
            return JobReport.Upload(
                file: output.file, destination: destination.id, status: outcomes[output.file]?.status ?? "failed",
                attempts: requests.filter { $0.file == output.file }.map {
                    .init(jobAttempt: $0.attempt, httpStatus: $0.httpStatus, error: $0.error, bytesSent: $0.bytesSent, url: $0.url,
                          at: Self.timestamp($0.at))
                },
                sha256: output.sha256,
                delivered: entry.map { .init(at: Self.timestamp($0.deliveredAt), jobAttempt: $0.attempt, url: $0.url,
                                             httpStatus: $0.httpStatus, responseID: $0.responseID) },
                note: outcomes[output.file]?.note)
        }
    }

    static func timestamp(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    struct Problem: Error, CustomStringConvertible { var description: String }

    /// HTTP settings from the destination; credentials come from the environment now, by name.
    func settings(for output: JobReport.Output) -> Result<HTTPUploader.Settings, Problem> {
        var settings = HTTPUploader.Settings()
        settings.method = destination.method
        settings.headers = destination.headers
        settings.maxAttempts = destination.retry.maxAttempts
        settings.baseDelay = Double(destination.retry.baseDelayMS) / 1000
        settings.maxDelay = Double(destination.retry.maxDelayMS) / 1000
        settings.budget = Double(destination.retry.budgetSeconds)
        settings.connectTimeout = destination.connectTimeout
        settings.lowSpeedTime = destination.lowSpeedSeconds
        settings.lowSpeedBytes = destination.lowSpeedBytes
        settings.responseTimeout = destination.responseSeconds
        settings.lookup = destination.lookup
        settings.caFile = destination.caFile
        if destination.method == "POST" {
            settings.formField = destination.formField
            settings.formFields = destination.formFields.mapValues { fill($0, output) }
        }
        switch destination.auth {
        case .none: break
        case .bearer(let variable):
            guard let token = environment[variable], !token.isEmpty else {
                return .failure(Problem(description: "the environment variable \(variable) (destination \(destination.id)'s token) is not set"))
            }
            settings.authorization = "Bearer \(token)"
        case .basic(let userVariable, let passwordVariable):
            guard let user = environment[userVariable], let password = environment[passwordVariable] else {
                return .failure(Problem(description: "the environment variables \(userVariable) and \(passwordVariable) must both be set"))
            }
            settings.authorization = "Basic \(Data("\(user):\(password)".utf8).base64EncodedString())"
        }
        return .success(settings)
    }

    /// The template with `{order}`, `{file}`, `{kind}` and `{sha256}` filled in, each value
    /// percent-encoded so none can change the URL's shape.
    func url(for output: JobReport.Output) -> String { fill(destination.url, output) }

    private func fill(_ template: String, _ output: JobReport.Output) -> String {
        var url = template
        for (name, value) in [("order", orderID), ("file", output.file), ("kind", output.kind), ("sha256", output.sha256)] {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? value
            url = url.replacingOccurrences(of: "{\(name)}", with: encoded)
        }
        return url
    }
}
