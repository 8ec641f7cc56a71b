import Foundation

/// What retention removes from the queue, and what it keeps of it (issue 36). A job goes with
/// its rows (events, ledger, requests, verification, files, timings), but what the printer
/// received stays as `DeliveryProof`s: a delivery can still be shown, and the same order
/// dropped again is not printed twice.
public protocol RetentionStore: AnyObject {
    /// Finished jobs past their cutoff, oldest first: done and cancelled ones by age; failed
    /// ones only when a person decided on them (a rejection in review). A failed job nobody
    /// has looked at stays until someone retries, cancels or forgets it.
    func prunable(_ cutoffs: PruneCutoffs) throws -> [(id: String, state: QueuedJob.State)]
    /// Failed jobs past the failed days that nobody decided on: kept, and said so.
    func undecidedFailures(before cutoff: Double) throws -> Int
    /// Removes these jobs, each only if it still is what `prunable` lists (checked again in the
    /// same statement: one sent again, retried or failed since stays), keeping their ledger as
    /// proofs; returns the ids removed.
    func prune(_ ids: [String], cutoffs: PruneCutoffs) throws -> [String]
    /// What the printer received of a pruned job, oldest first.
    func proofs(_ id: String) throws -> [DeliveryProof]
    /// Orders refused at intake before `cutoff` leave the record; returns their files.
    func pruneRejections(before cutoff: Double) throws -> [String]
    /// Batch reports stored before `cutoff`; returns their names.
    func pruneBatchReports(before cutoff: Double) throws -> [String]
    /// Gives freed space back where the store can (SQLite's WAL, truncated).
    func compact() throws
}

/// Seconds since 1970 before which a finished job of each kind goes.
public struct PruneCutoffs: Sendable, Equatable {
    public var done: Double
    public var cancelled: Double
    public var failed: Double

    public init(done: Double, cancelled: Double, failed: Double) {
        self.done = done
        self.cancelled = cancelled
        self.failed = failed
    }

    /// A failed job counts as decided on when its error is a rejection in review.
    static var decidedFailure: String { ReviewDecision.rejectedCode + ":%" }
}

/// One file the printer received, kept after its job was pruned.
public struct DeliveryProof: Sendable, Equatable, Codable {
    public var job: String
    public var orderSHA256: String
    public var kind: String
    public var file: String
    public var sha256: String
    public var bytes: Int64
    public var destination: String
    public var url: String
    public var httpStatus: Int?
    public var responseID: String?
    public var deliveredAt: Double
    public var prunedAt: Double

    enum CodingKeys: String, CodingKey {
        case job, kind, file, sha256, bytes, destination, url
        case orderSHA256 = "order_sha256"
        case httpStatus = "http_status"
        case responseID = "response_id"
        case deliveredAt = "delivered_at"
        case prunedAt = "pruned_at"
    }
}
