import Foundation

/// Where one job attempt keeps what it delivered and verified: the queue for a job process, or
/// memory for a pipeline run on its own.
protocol JobLedger: AnyObject, Sendable {
    var job: String { get }
    var attempt: Int { get }
    var worker: String? { get }
    func deliveries() throws -> [LedgerEntry]
    func requests() throws -> [UploadRequestRecord]
    /// Every request, as it happens.
    func record(_ request: UploadRequestRecord)
    /// A file the printer accepted; written whoever holds the job by then.
    func record(_ delivery: LedgerEntry) throws
    /// The attempt's verified outputs, so a later attempt can deliver them without rendering.
    func verified(_ verification: Verification)
    /// Called before each file is sent: a process that no longer holds the job stops here.
    func beginTransfer(_ file: String)
    /// Called once a transfer has ended and its outcome is recorded.
    func endTransfer()
    /// True once another may hold the job: the transfer under way is cut off.
    var shouldAbort: Bool { get }
    /// True once the process was asked to stop (`DeliveryHooks.stopping`).
    var isStopping: Bool { get }
}

/// For `Pipeline.run` outside a queue (tests, scripts): the ledger lives as long as the run.
final class MemoryLedger: JobLedger, @unchecked Sendable {
    let job: String
    let attempt: Int
    let worker: String? = nil
    private let lock = NSLock()
    private var delivered: [LedgerEntry] = []
    private var sent: [UploadRequestRecord] = []

    init(job: String, attempt: Int) {
        self.job = job
        self.attempt = attempt
    }

    func deliveries() throws -> [LedgerEntry] { lock.withLock { delivered } }
    func requests() throws -> [UploadRequestRecord] { lock.withLock { sent } }
    func record(_ request: UploadRequestRecord) { lock.withLock { sent.append(request) } }
    func record(_ delivery: LedgerEntry) throws { lock.withLock { delivered.append(delivery) } }
    func verified(_ verification: Verification) {}
    func beginTransfer(_ file: String) {}
    func endTransfer() {}
    var shouldAbort: Bool { false }
    var isStopping: Bool { false }
}
