import Foundation

/// What the printer has and what was tried: the ledger of accepted files, every request sent,
/// and the outputs an attempt verified. Its fence (`holds`) is the job's lease as the job store
/// keeps it, asked before each file is sent.
public protocol DeliveryLedger: AnyObject {
    /// True while `worker` holds the job: it is running, this worker's, and its lease has not
    /// run out. A job process asks before each file it sends.
    func holds(id: String, worker: String) throws -> Bool
    /// Keeps what an attempt verified; only the holder can. Replaces an earlier record.
    func recordVerification(_ verification: Verification, worker: String) throws -> Bool
    func verification(_ id: String) throws -> Verification?
    /// Always written, whoever holds the job by then: the ledger records what the printer has.
    func recordDelivery(_ entry: LedgerEntry) throws
    func deliveries(_ id: String) throws -> [LedgerEntry]
    func recordRequest(_ request: UploadRequestRecord) throws
    func requests(_ id: String) throws -> [UploadRequestRecord]
}
