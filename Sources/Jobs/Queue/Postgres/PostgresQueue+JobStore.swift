import Diagnostics
import Foundation

/// The job store in PostgreSQL: claims take the oldest runnable job with `FOR UPDATE SKIP
/// LOCKED`; a job that becomes runnable NOTIFYs idle runners.
extension PostgresQueue: JobStore {
    public func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        let digest = SHA256.hex(of: order)
        let now = String(environment.now())
        return try transaction { database -> EnqueueOutcome in
            let inserted = try database.execute("""
                INSERT INTO jobs (id, order_bytes, order_sha256, signature, state, run_after, created_at, updated_at)
                VALUES ($1, $2::bytea, $3, $4, 'queued', $5, $5, $5) ON CONFLICT (id) DO NOTHING RETURNING id
                """, [id, PGBytea.text(order), digest, signature, now])
            if !inserted.isEmpty {
                try recordFacts(database, id: id, order: order, queuedAt: environment.now())
                try log(database, id, "queued")
                try notify(database)
                return .queued
            }
            guard let existing = try database.execute("SELECT order_sha256, state FROM jobs WHERE id = $1 FOR UPDATE", [id]).first else {
                return .conflict
            }
            if try existing.text("order_sha256") == digest { return .duplicate }
            guard replace, try existing.text("state") != QueuedJob.State.running.rawValue else { return .conflict }
            try database.execute("""
                UPDATE jobs SET order_bytes = $2::bytea, order_sha256 = $3, signature = $4, state = 'queued', stage = 'queued',
                attempts = 0, retry_floor = 0, worker = NULL, lease_until = NULL, run_after = $5, last_error = NULL, updated_at = $5,
                finished_at = NULL, approved_by = NULL, pages = NULL, warnings = NULL WHERE id = $1
                """, [id, PGBytea.text(order), digest, signature, now])
            try recordFacts(database, id: id, order: order, queuedAt: environment.now())
            // Another order: nothing verified for the old one applies; the ledger stays.
            try database.execute("DELETE FROM verifications WHERE job = $1", [id])
            try database.execute("DELETE FROM upload_requests WHERE job = $1", [id])
            try log(database, id, "replaced")
            try notify(database)
            return .replaced
        }
    }

    public func claim(worker: String, lease: Double) throws -> QueuedJob? {
        let now = environment.now()
        return try transaction { database -> QueuedJob? in
            let rows = try database.execute("""
                WITH next AS (
                    SELECT id FROM jobs
                    WHERE (state = 'queued' AND run_after <= $3) OR (state = 'running' AND lease_until < $3)
                    ORDER BY created_at, id LIMIT 1
                    FOR UPDATE SKIP LOCKED)
                UPDATE jobs SET state = 'running', stage = 'claimed', worker = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3
                FROM next WHERE jobs.id = next.id
                RETURNING \(Self.columns("jobs."))
                """, [worker, String(now + lease), String(now)])
            guard let row = rows.first else { return nil }
            let job = try QueuedJob(row: row)
            try log(database, job.id, "claimed", worker: worker, detail: "attempt \(job.attempts)")
            return job
        }
    }

    public func heartbeat(id: String, worker: String, lease: Double) throws -> Bool {
        let now = environment.now()
        return try transaction { database -> Bool in
            let renewed = try !database.execute("""
                UPDATE jobs SET lease_until = $1, updated_at = $2 WHERE id = $3 AND worker = $4 AND state = 'running' RETURNING id
                """, [String(now + lease), String(now), id, worker]).isEmpty
            // Running under another worker: this one's lease ran out and the job was claimed again.
            if !renewed, try !database.execute("SELECT 1 FROM jobs WHERE id = $1 AND state = 'running' AND worker <> $2", [id, worker]).isEmpty {
                try log(database, id, "lease-lost", worker: worker)
            }
            return renewed
        }
    }

    public func setStage(id: String, stage: String) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute("UPDATE jobs SET stage = $1, updated_at = $2 WHERE id = $3 AND state = 'running'", [stage, now, id])
        }
    }

    public func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State? {
        let now = environment.now()
        let random = environment.random()
        return try transaction { database -> QueuedJob.State? in
            guard let row = try database.execute("""
                SELECT attempts - retry_floor AS attempts FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' FOR UPDATE
                """, [id, worker]).first else { return nil }
            let attempts = try row.integer("attempts")
            let (state, runAfter) = retryPolicy.next(succeeded: succeeded, final: final, attempts: attempts, now: now, random: random)
            try database.execute("""
                UPDATE jobs SET state = $1, stage = $2, worker = NULL, lease_until = NULL, run_after = $3, last_error = $4,
                updated_at = $5, finished_at = $6 WHERE id = $7
                """, [state.rawValue, state == .queued ? "retry" : state.rawValue, String(runAfter), error, String(now),
                      state == .queued ? nil : String(now), id])
            try log(database, id, state.rawValue, worker: worker, detail: error)
            if state == .queued { try notify(database) }
            return state
        }
    }

    public func release(id: String, worker: String) throws {
        let now = String(environment.now())
        try transaction { database in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'queued', worker = NULL, lease_until = NULL, attempts = GREATEST(0, attempts - 1),
                updated_at = $1 WHERE id = $2 AND worker = $3 AND state = 'running' RETURNING id
                """, [now, id, worker])
            try log(database, id, "released", worker: worker)
            if !rows.isEmpty { try notify(database) }
        }
    }

    public func jobs() throws -> [QueuedJob] {
        try withConnection { database -> [QueuedJob] in
            try database.execute("SELECT \(Self.columns()) FROM jobs ORDER BY created_at, id").map(QueuedJob.init(row:))
        }
    }

    public func job(_ id: String) throws -> QueuedJob? {
        try withConnection { database -> QueuedJob? in
            try database.execute("SELECT \(Self.columns()) FROM jobs WHERE id = $1", [id]).first.map(QueuedJob.init(row:))
        }
    }

    public func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'queued', retry_floor = attempts, run_after = $1, updated_at = $1, finished_at = NULL
                WHERE id = $2 AND state IN ('failed', 'cancelled') RETURNING id
                """, [now, id])
            guard !rows.isEmpty else { return false }
            if freshRender {
                try database.execute("DELETE FROM verifications WHERE job = $1", [id])
                try database.execute("UPDATE jobs SET approved_by = NULL WHERE id = $1", [id])
            }
            try log(database, id, "retried", worker: actor, detail: freshRender ? "fresh render" : nil)
            try notify(database)
            return true
        }
    }

    public func cancel(_ id: String, by actor: String?) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'cancelled', stage = 'cancelled', updated_at = $1, finished_at = $1
                WHERE id = $2 AND state IN ('queued', 'held') RETURNING id
                """, [now, id])
            if !rows.isEmpty { try log(database, id, "cancelled", worker: actor) }
            return !rows.isEmpty
        }
    }

    public func forget(_ id: String) throws -> Bool {
        try transaction { database -> Bool in
            let rows = try database.execute("DELETE FROM jobs WHERE id = $1 AND state IN ('done', 'failed', 'cancelled') RETURNING id", [id])
            guard !rows.isEmpty else { return false }
            try deleteRecords(database, of: [id])
            try log(database, id, "forgotten")
            return true
        }
    }

    public func prune(olderThan age: Double) throws -> Int {
        let cutoff = String(environment.now() - age)
        return try transaction { database -> Int in
            let rows = try database.execute("""
                DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < $1 RETURNING id
                """, [cutoff])
            try deleteRecords(database, of: rows.map { try $0.text("id") })
            return rows.count
        }
    }

    public func hasPendingWork() throws -> Bool {
        try withConnection { database -> Bool in
            try !database.execute("SELECT 1 FROM jobs WHERE state IN ('queued', 'running') LIMIT 1").isEmpty
        }
    }

    /// LISTENs once per connection (again after a reconnect), then waits for a NOTIFY.
    public func waitForWork(timeout: Double) throws {
        try withConnection { database in
            if !listening {
                try database.execute("LISTEN \(PostgresSchema.channel)")
                listening = true
            }
            _ = try database.waitForNotification(timeout: timeout)
        }
    }
}
