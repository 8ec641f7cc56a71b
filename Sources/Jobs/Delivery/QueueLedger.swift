import Foundation

/// A job process's ledger: the queue's tables, behind the job's fence.
final class QueueLedger: JobLedger, @unchecked Sendable {
    let job: String
    let attempt: Int
    let worker: String?
    private let queue: DeliveryLedger
    /// Its own connection for the ledger's writes, failing fast so a write is tried again
    /// every tenth of a second and lands as soon as the database is back.
    private let writes: DeliveryLedger
    private let fence: Fence
    /// Run once a delivery is in the ledger: the job process's `Hooks.afterDeliveryRecorded`.
    var afterRecord: () -> Void = {}

    init(queue: DeliveryLedger, writes: DeliveryLedger, job: String, attempt: Int, worker: String, fence: Fence) {
        self.queue = queue
        self.writes = writes
        self.job = job
        self.attempt = attempt
        self.worker = worker
        self.fence = fence
    }

    func deliveries() throws -> [LedgerEntry] { try queue.deliveries(job) }
    func requests() throws -> [UploadRequestRecord] { try queue.requests(job) }

    /// Tried again like a delivery, for up to ten minutes: a request whose outcome is unknown
    /// is what keeps the next attempt from sending its file again.
    func record(_ request: UploadRequestRecord) {
        let deadline = Date().addingTimeInterval(600)
        while true {
            do { return try writes.recordRequest(request) } catch {
                guard Date() < deadline else {
                    FileHandle.standardError.write(Data("folio: job \(job): a request to \(request.url) was not recorded: \(error)\n".utf8))
                    return
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// A busy or lost database is tried again, for up to ten minutes: the printer has this file,
    /// and a ledger without it would send it twice.
    func record(_ delivery: LedgerEntry) throws {
        let deadline = Date().addingTimeInterval(600)
        while true {
            do {
                try writes.recordDelivery(delivery)
                return afterRecord()
            } catch {
                guard Date() < deadline else { throw error }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    func verified(_ verification: Verification) {
        guard let worker else { return }
        // Not held any more: the fence stops this process before it sends anything.
        _ = try? queue.recordVerification(verification, worker: worker)
    }

    func beginTransfer(_ file: String) { fence.beginTransfer(file) }
    func endTransfer() { fence.endTransfer() }
    var shouldAbort: Bool { fence.isSuperseded }
    var isStopping: Bool { fence.isStopping }
}
