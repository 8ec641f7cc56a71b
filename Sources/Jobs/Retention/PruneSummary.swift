import Foundation

/// What one sweep of retention removed (or, dry, would remove): `folio prune` prints it, the
/// runner logs it.
public struct PruneSummary: Sendable, Codable, Equatable {
    public struct Job: Sendable, Codable, Equatable {
        public var id: String
        public var state: String
        /// Its folder and local outbox copies.
        public var bytes: Int64
    }

    public var dryRun: Bool
    public var jobs: [Job] = []
    /// Job folders whose job was already gone.
    public var orphanFolders = 0
    /// Accepted order files whose job is gone.
    public var orders = 0
    public var rejectedOrders = 0
    public var batchReports = 0
    /// Bytes of the other files removed (or to be): orphan folders, orders, reports; each job
    /// counts its own.
    public var bytes: Int64 = 0
    /// Failed jobs past their days that nobody decided on: kept until someone does.
    public var undecidedFailures = 0
    /// Stopped at its time limit with jobs left: the next sweep goes on.
    public var unfinished = false

    enum CodingKeys: String, CodingKey {
        case jobs, orders, bytes
        case dryRun = "dry_run"
        case orphanFolders = "orphan_folders"
        case rejectedOrders = "rejected_orders"
        case batchReports = "batch_reports"
        case undecidedFailures = "undecided_failures"
        case unfinished
    }

    init(dryRun: Bool) { self.dryRun = dryRun }

    /// Nothing removed and nothing to say.
    public var isEmpty: Bool { jobs.isEmpty && orphanFolders + orders + rejectedOrders + batchReports == 0 }

    /// One line for the operator.
    public var line: String {
        let verb = dryRun ? "would remove" : "removed"
        let megabytes = String(format: "%.1f", Double(bytes + jobs.reduce(0) { $0 + $1.bytes }) / 1_048_576)
        var line = "\(verb) \(jobs.count) job\(jobs.count == 1 ? "" : "s"), \(orphanFolders) orphan folder\(orphanFolders == 1 ? "" : "s"), "
            + "\(orders) accepted order\(orders == 1 ? "" : "s"), \(rejectedOrders) rejected order\(rejectedOrders == 1 ? "" : "s"), "
            + "\(batchReports) batch report\(batchReports == 1 ? "" : "s"): \(megabytes) MB"
        if unfinished { line += "; more to remove at the next sweep" }
        if undecidedFailures > 0 {
            line += "; kept \(undecidedFailures) failed job\(undecidedFailures == 1 ? "" : "s") nobody decided on (retry, cancel or forget them)"
        }
        return line
    }
}
