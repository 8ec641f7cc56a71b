import Foundation

/// Held jobs, the operator's decisions and the timeline, in PostgreSQL.
extension PostgresQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'held', stage = 'held', worker = NULL, lease_until = NULL, last_error = $1, updated_at = $2
                WHERE id = $3 AND worker = $4 AND state = 'running' RETURNING id
                """, [reason, now, id, worker])
            guard !rows.isEmpty else { return false }
            try log(database, id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = $1, retry_floor = attempts, last_error = NULL,
                run_after = $2, updated_at = $2 WHERE id = $3 AND state = 'held' RETURNING id
                """, [actor, now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "approved", worker: actor)
            try notify(database)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'failed', stage = 'failed', last_error = $1, updated_at = $2, finished_at = $2
                WHERE id = $3 AND state = 'held' RETURNING id
                """, [ReviewDecision.rejectionError(by: actor, reason: reason), now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try withConnection { database -> [JobEvent] in
            try database.execute("SELECT at, event, worker, detail FROM events WHERE job = $1 ORDER BY at, id", [id]).map(JobEvent.init(row:))
        }
    }
}
