import Diagnostics
import Foundation
import Prepress

/// Resume, don't redo: an attempt after a failed delivery (or a crash after verification)
/// delivers the outputs an earlier attempt verified, once their digests are checked again.
extension Pipeline {
    /// The earlier attempt's verified report and number, when it is for these order bytes and
    /// every output on disk still has its digest and size; nil otherwise (the book is rendered
    /// again, and the report says why when files were missing or changed).
    func reusable(orderSHA256: String, folder: URL, report: inout JobReport) -> (report: JobReport, attempt: Int)? {
        guard let reuse, reuse.orderSHA256 == orderSHA256,
              let verified = try? JSONDecoder().decode(JobReport.self, from: reuse.report), !verified.outputs.isEmpty else { return nil }
        for output in verified.outputs {
            let digest = try? SHA256.hex(ofFile: folder.appendingPathComponent(output.file))
            guard digest?.digest == output.sha256, digest?.bytes == output.bytes else {
                report.preflight.append(.init(severity: .info, code: .verifiedOutputChanged,
                                              message: "\(output.file), verified in attempt \(reuse.attempt), is "
                                                  + (digest == nil ? "missing" : "not the verified file") + ": the book is rendered again",
                                              entry: nil, page: nil))
                return nil
            }
        }
        return (verified, reuse.attempt)
    }

    /// Delivers what an earlier attempt verified, once its files are checked again.
    func deliverReused(_ verified: (report: JobReport, attempt: Int), input: JobInput, orderSHA256: String, folder: URL,
                       clock: inout StageClock, report: inout JobReport) throws {
        clock.lap("recheck", into: &report)
        report.entries = verified.report.entries
        report.accounting = verified.report.accounting
        report.outputs = verified.report.outputs
        report.volumes = verified.report.volumes
        report.preflight += verified.report.preflight
        report.stages = ["resolve", "render", "verify"].map { .init(stage: $0, status: .reused, attempt: verified.attempt) }
            + [.init(stage: "recheck", status: .ran, attempt: report.attempts)]
        if holdsForReview(input, report: &report) { return }
        try deliverOutputs(input, orderSHA256: orderSHA256, folder: folder, clock: &clock, report: &report)
    }

    /// True when the verified book waits for an operator (the report says `held` and why);
    /// an approved job's report says who approved it, and it is delivered.
    func holdsForReview(_ input: JobInput, report: inout JobReport) -> Bool {
        guard let reason = input.review.holdReason(for: report.preflight) else { return false }
        if let approvedBy {
            report.review = .init(policy: input.review.rawValue, state: .approved, reason: reason, by: approvedBy, at: nil)
            return false
        }
        report.review = .init(policy: input.review.rawValue, state: .held, reason: reason, by: nil, at: nil)
        report.status = .held
        return true
    }

    /// Delivers verified outputs through the ledger; fails the job when not every file arrived.
    func deliverOutputs(_ input: JobInput, orderSHA256: String, folder: URL, clock: inout StageClock, report: inout JobReport) throws(JobError) {
        let bytes = report.outputs.reduce(Int64(0)) { $0 + $1.bytes }
        onStage(String(format: "upload: %.1f MB", Double(bytes) / 1_048_576))
        var stage = DeliverStage(destination: input.destination, orderID: input.order.id, orderSHA256: orderSHA256,
                                 ledger: ledger ?? MemoryLedger(job: input.order.id, attempt: report.attempts))
        stage.decision = deliveryDecision
        report.stages.append(.init(stage: "upload", status: .ran, attempt: report.attempts))
        let delivery = try stage.run(report.outputs, folder: folder)
        report.uploads = delivery.uploads
        clock.lap("upload", into: &report)
        if !delivery.unknown.isEmpty {
            // Never sent again blindly: the job waits for an operator's word.
            report.status = .deliveryUnknown
            report.error = JobError.failed(code: .deliveryUnanswered, message: delivery.unknown.map { file in
                "\(file) went to \(input.destination.id) whole and no answer came; the printer may hold 1 copy"
            }.joined(separator: "; ") + ". Say `folio arrived \(input.order.id)` if it did, or `folio send-again \(input.order.id) --reason …`").failure
            return
        }
        if !delivery.delivered {
            // A refusal is final until an operator retries; a failure that may pass is retried.
            throw JobError.failed(code: delivery.refused ? .deliveryRefused : .uploadFailed,
                                  message: "not every file reached \(input.destination.id)\(delivery.refused ? " (refused: not retried)" : ""): "
                                      + delivery.uploads.filter { $0.status == "failed" }
                                          .map { "\($0.file): \($0.attempts.last?.error ?? "failed")" }.joined(separator: "; "))
        }
    }

    static func encode(_ report: JobReport) throws(JobError) -> Data {
        do { return try report.encoded() } catch {
            throw .failed(code: .ioError, message: "the report could not be encoded: \(error)")
        }
    }
}
