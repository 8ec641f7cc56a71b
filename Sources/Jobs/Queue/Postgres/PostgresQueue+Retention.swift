import Foundation

/// Retention in PostgreSQL: each job removed in its own transaction.
extension PostgresQueue: RetentionStore {
    public func prunable(_ cutoffs: PruneCutoffs) throws -> [(id: String, state: QueuedJob.State)] {
        try withConnection { database in
            try database.execute(Self.sql("prunable"), [String(cutoffs.done), String(cutoffs.cancelled), String(cutoffs.failed),
                                                        PruneCutoffs.decidedFailure])
                .map { row throws(RowError) in (try row.text("id"), try row.value("state", as: QueuedJob.State.self)) }
        }
    }

    public func undecidedFailures(before cutoff: Double) throws -> Int {
        try withConnection { database in
            try database.execute(Self.sql("undecided-failures"), [String(cutoff), PruneCutoffs.decidedFailure]).first?.integer("count") ?? 0
        }
    }

    public func prune(_ ids: [String], cutoffs: PruneCutoffs) throws -> [String] {
        var removed: [String] = []
        for id in ids {
            let gone = try transaction { database -> Bool in
                // Queued again (or running) since it was listed: it stays.
                guard !(try database.execute(Self.sql("prune"), [id, String(cutoffs.done), String(cutoffs.cancelled),
                                                                String(cutoffs.failed), PruneCutoffs.decidedFailure])).isEmpty else {
                    return false
                }
                _ = try database.execute(Self.sql("keep-proofs"), [String(environment.now()), id])
                try deleteRecords(database, of: [id])
                _ = try database.execute("DELETE FROM events WHERE job = $1", [id])
                return true
            }
            if gone { removed.append(id) }
        }
        return removed
    }

    public func proofs(_ id: String) throws -> [DeliveryProof] {
        try withConnection { database in try database.execute(Self.sql("proofs"), [id]).map(DeliveryProof.init(row:)) }
    }

    public func pruneRejections(before cutoff: Double) throws -> [String] {
        try transaction { database in
            try database.execute(Self.sql("prune-rejections"), [String(cutoff)]).map { row throws(RowError) in try row.text("file") }
        }
    }

    public func pruneBatchReports(before cutoff: Double) throws -> [String] {
        try transaction { database in
            try database.execute(Self.sql("prune-batch-reports"), [String(cutoff)]).map { row throws(RowError) in try row.text("name") }
        }
    }

    /// PostgreSQL's autovacuum reuses the space of deleted rows.
    public func compact() throws {}
}
