import Foundation
import Upload

/// Files whose delivery is unknown: sent whole, never answered. They are never sent again
/// without an answer: the printer is asked where it can be, and otherwise the operator's word
/// decides (`DeliveryDecision`): the printer has them, or they go again, on purpose.
extension DeliverStage {
    enum Resolution {
        /// In the ledger now, without a transfer (the printer said so, or the operator did).
        case recorded(note: String)
        /// Still unknown: nothing is sent, the job waits for an operator.
        case waiting(note: String)
        /// The printer has none of it: sending is safe.
        case send
    }

    /// Each undelivered file with a request here that went out whole and was never answered,
    /// and was not resolved since: by an accepted request, or by the printer saying it holds
    /// none of it. A failed request after it (a lookup that could not tell, a tus HEAD that
    /// failed) resolves nothing.
    func unresolvedFiles(_ outputs: [JobReport.Output], delivered: [LedgerEntry]) throws(JobError) -> [String: UploadRequestRecord] {
        let requests: [UploadRequestRecord]
        do { requests = try ledger.requests().filter { $0.destination == destination.id } } catch {
            throw .failed(code: .ledgerUnreadable, message: "the delivery ledger could not be read, so nothing is sent: \(error)")
        }
        var unresolved: [String: UploadRequestRecord] = [:]
        for output in outputs where !delivered.contains(where: { $0.file == output.file && $0.sha256 == output.sha256 }) {
            var open: UploadRequestRecord?
            for request in requests where request.file == output.file {
                switch request.requestClass {
                case DeliveryAttempt.RequestClass.unknown.rawValue?: open = request
                case DeliveryAttempt.RequestClass.accepted.rawValue?: open = nil
                default: if request.error?.hasPrefix(HoldingLookup.notHeld) == true { open = nil }
                }
            }
            unresolved[output.file] = open
        }
        return unresolved
    }

    /// The note of a copy the operator had sent again on purpose, when `output` is one: the
    /// files whose delivery was unknown, or, for a job every file of which was delivered, all.
    func deliberateCopy(_ output: JobReport.Output, unresolved: [String: UploadRequestRecord]) -> String? {
        guard case .sendAgain(let actor, let reason)? = decision, unresolved.isEmpty || unresolved[output.file] != nil else { return nil }
        return "sent again on purpose by \(actor)" + (reason.isEmpty ? "" : " (\(reason))") + ": the printer may now hold two copies"
    }

    func resolve(_ output: JobReport.Output, request: UploadRequestRecord, folder: URL) throws(JobError) -> Resolution {
        if case .arrived(let actor)? = decision {
            try record(output, url: request.url, httpStatus: nil, responseID: "arrived, on \(actor)'s word")
            return .recorded(note: "the printer has it, on \(actor)'s word; not sent again")
        }
        let asked: (holding: Holding, request: DeliveryAttempt)?
        switch transport(for: output) {
        case .success(let transport):
            asked = transport.holding(DeliveryRequest(url: url(for: output), file: folder.appendingPathComponent(output.file),
                                                      sha256: output.sha256, baseFolder: destination.configFolder),
                                      idempotencyKey: idempotencyKey(for: output), hooks: hooks(for: output))
        case .failure: asked = nil
        }
        switch asked?.holding {
        case .whole?:
            let found = asked?.request
            try record(output, url: found?.url ?? request.url, httpStatus: found?.httpStatus, responseID: found?.responseID)
            return .recorded(note: "the printer holds it whole (asked after an unanswered request); not sent again")
        case .nothing?:
            return .send
        case .unknown?, nil:
            return .waiting(note: "sent whole at \(Self.timestamp(request.at)) and never answered; the printer may hold 1 copy. "
                                + "Nothing is sent again until an operator says it arrived or sends it again")
        }
    }
}
