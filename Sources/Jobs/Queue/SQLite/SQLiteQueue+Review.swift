import Foundation

/// Held jobs, the operator's decisions and the timeline, in SQLite.
extension SQLiteQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'held', stage = 'held', worker = NULL, lease_until = NULL, last_error = ?, updated_at = ?
                WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
                """, [.text(reason), .real(now), .text(id), .text(worker)])
            guard !rows.isEmpty else { return false }
            try log(id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            // A fresh retry budget, as a manual retry: the delivery may still need its retries.
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = ?, retry_floor = attempts, last_error = NULL,
                run_after = ?, updated_at = ? WHERE id = ? AND state = 'held' RETURNING id
                """, [.text(actor), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "approved", worker: actor)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'failed', stage = 'failed', last_error = ?, updated_at = ?, finished_at = ?
                WHERE id = ? AND state = 'held' RETURNING id
                """, [.text(ReviewDecision.rejectionError(by: actor, reason: reason)), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try database.execute("SELECT at, event, worker, detail FROM events WHERE job = ? ORDER BY at, rowid", [.text(id)]).map(JobEvent.init(row:))
    }
}
