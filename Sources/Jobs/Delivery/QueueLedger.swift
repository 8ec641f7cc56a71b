import Foundation

/// A job process's ledger: the queue's tables, behind the job's fence.
final class QueueLedger: JobLedger, @unchecked Sendable {
    let job: String
    let attempt: Int
    let worker: String?
    private let queue: QueueDriver
    private let fence: Fence
    /// Test hook, run once a delivery is in the ledger.
    var afterRecord: () -> Void = {}

    init(queue: QueueDriver, job: String, attempt: Int, worker: String, fence: Fence) {
        self.queue = queue
        self.job = job
        self.attempt = attempt
        self.worker = worker
        self.fence = fence
    }

    func deliveries() throws -> [LedgerEntry] { try queue.deliveries(job) }
    func requests() throws -> [UploadRequestRecord] { try queue.requests(job) }

    func record(_ request: UploadRequestRecord) {
        do { try queue.recordRequest(request) } catch {
            FileHandle.standardError.write(Data("folio: job \(job): a request to \(request.url) was not recorded: \(error)\n".utf8))
        }
    }

    /// A busy or failing database is tried again for a while: the printer has this file, and
    /// a ledger without it would send it twice.
    func record(_ delivery: LedgerEntry) throws {
        var delay = 0.1
        for _ in 0..<8 {
            do {
                try queue.recordDelivery(delivery)
                return afterRecord()
            } catch {
                Thread.sleep(forTimeInterval: delay)
                delay *= 2
            }
        }
        try queue.recordDelivery(delivery)
        afterRecord()
    }

    func verified(_ verification: Verification) {
        guard let worker else { return }
        // Not held any more: the fence stops this process before it sends anything.
        _ = try? queue.recordVerification(verification, worker: worker)
    }

    func beginTransfer(_ file: String) { fence.beginTransfer(file) }
    func endTransfer() { fence.endTransfer() }
    var shouldAbort: Bool { fence.isLost }
}
