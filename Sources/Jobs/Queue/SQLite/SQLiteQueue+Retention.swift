import Foundation

/// Retention in SQLite: each job removed in its own short transaction, so runners claiming
/// meanwhile wait for one job's rows, never for the whole sweep.
extension SQLiteQueue: RetentionStore {
    public func prunable(_ cutoffs: PruneCutoffs) throws -> [(id: String, state: QueuedJob.State)] {
        try database.execute(Self.sql("prunable"), [.real(cutoffs.done), .real(cutoffs.cancelled), .real(cutoffs.failed),
                                                    .text(PruneCutoffs.decidedFailure)])
            .map { row throws(RowError) in (try row.text("id"), try row.value("state", as: QueuedJob.State.self)) }
    }

    public func undecidedFailures(before cutoff: Double) throws -> Int {
        try database.execute(Self.sql("undecided-failures"), [.real(cutoff), .text(PruneCutoffs.decidedFailure)])
            .first?.integer("count") ?? 0
    }

    public func prune(_ ids: [String], cutoffs: PruneCutoffs) throws -> [String] {
        var removed: [String] = []
        for id in ids {
            let gone = try database.immediateTransaction { () throws -> Bool in
                // Queued again (or running) since it was listed: it stays.
                guard !(try database.execute(Self.sql("prune"), [.text(id), .real(cutoffs.done), .real(cutoffs.cancelled),
                                                                .real(cutoffs.failed), .text(PruneCutoffs.decidedFailure)])).isEmpty else {
                    return false
                }
                try database.execute(Self.sql("keep-proofs"), [.real(environment.now()), .text(id)])
                try deleteRecords(of: [id])
                try database.execute("DELETE FROM events WHERE job = ?", [.text(id)])
                return true
            }
            if gone { removed.append(id) }
        }
        return removed
    }

    public func proofs(_ id: String) throws -> [DeliveryProof] {
        try database.execute(Self.sql("proofs"), [.text(id)]).map(DeliveryProof.init(row:))
    }

    public func pruneRejections(before cutoff: Double) throws -> [String] {
        try database.execute(Self.sql("prune-rejections"), [.real(cutoff)]).map { row throws(RowError) in try row.text("file") }
    }

    public func pruneBatchReports(before cutoff: Double) throws -> [String] {
        try database.execute(Self.sql("prune-batch-reports"), [.real(cutoff)]).map { row throws(RowError) in try row.text("name") }
    }

    /// The WAL grows with the night's writes and is only reused, never shrunk, unless truncated.
    public func compact() throws {
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
