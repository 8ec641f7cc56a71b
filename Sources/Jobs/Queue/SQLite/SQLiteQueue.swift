import Diagnostics
import Foundation

/// The embedded queue: one SQLite file in WAL mode that several runner processes share.
/// Claims are atomic (BEGIN IMMEDIATE + UPDATE … RETURNING); the schema is versioned
/// (`PRAGMA user_version`) and migrated forward on open.
public final class SQLiteQueue: QueueDriver {
    let database: SQLiteDatabase
    let environment: QueueEnvironment
    public var retryPolicy: RetryPolicy

    /// Each migration takes the schema from version index to index + 1.
    static let migrations: [String] = [
        """
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            order_bytes BLOB NOT NULL,
            order_sha256 TEXT NOT NULL,
            signature TEXT,
            state TEXT NOT NULL,
            stage TEXT NOT NULL DEFAULT 'queued',
            attempts INTEGER NOT NULL DEFAULT 0,
            worker TEXT,
            lease_until REAL,
            run_after REAL NOT NULL,
            last_error TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        );
        CREATE INDEX jobs_runnable ON jobs (state, run_after, created_at);
        """,
        """
        CREATE TABLE events (
            job TEXT NOT NULL,
            at REAL NOT NULL,
            event TEXT NOT NULL,
            worker TEXT,
            detail TEXT
        );
        CREATE INDEX events_job ON events (job);
        """,
        // The delivery ledger, every request sent, and what an attempt verified (issue 14).
        // A manual retry keeps counting attempts, so each attempt's number stays unique; the
        // retry budget counts from `retry_floor`.
        """
        CREATE TABLE deliveries (
            job TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            kind TEXT NOT NULL,
            file TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            destination TEXT NOT NULL,
            url TEXT NOT NULL,
            http_status INTEGER,
            response_id TEXT,
            order_sha256 TEXT NOT NULL,
            worker TEXT,
            delivered_at REAL NOT NULL
        );
        CREATE INDEX deliveries_job ON deliveries (job, destination, file);
        CREATE TABLE upload_requests (
            job TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            file TEXT NOT NULL,
            destination TEXT NOT NULL,
            url TEXT NOT NULL,
            http_status INTEGER,
            error TEXT,
            bytes_sent INTEGER NOT NULL,
            at REAL NOT NULL
        );
        CREATE INDEX upload_requests_job ON upload_requests (job);
        CREATE TABLE verifications (
            job TEXT PRIMARY KEY,
            order_sha256 TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            report BLOB NOT NULL,
            verified_at REAL NOT NULL
        );
        ALTER TABLE jobs ADD COLUMN retry_floor INTEGER NOT NULL DEFAULT 0;
        """,
        // Reports, previews and batch reports, so every host (and the console) sees them.
        """
        CREATE TABLE job_files (
            job TEXT NOT NULL,
            name TEXT NOT NULL,
            data BLOB NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (job, name)
        );
        CREATE TABLE batch_reports (
            name TEXT PRIMARY KEY,
            summary BLOB NOT NULL,
            html BLOB NOT NULL,
            created_at REAL NOT NULL
        );
        """,
        // Review and the console's catalog (issue 16), the same SQL on both drivers.
        CatalogSQL.migration,
        // Request classes, timings and runners for `/metrics` (issue 25).
        TelemetrySQL.migration,
    ]

    public init(path: URL, environment: QueueEnvironment = QueueEnvironment(), retryPolicy: RetryPolicy = RetryPolicy()) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try SQLiteDatabase(path: path.path, lockWait: environment.lockWait)
        self.environment = environment
        self.retryPolicy = retryPolicy
        try migrate()
    }

    private func migrate() throws {
        try database.immediateTransaction { () throws(SQLiteDatabase.Failure) in
            let version = try database.execute("PRAGMA user_version").first?.first?.integer ?? 0
            guard version <= Self.migrations.count else {
                throw SQLiteDatabase.Failure(description: "the queue's schema (version \(version)) is newer than this Folio (\(Self.migrations.count))")
            }
            for (index, migration) in Self.migrations.enumerated().dropFirst(version) {
                for statement in migration.split(separator: ";") where !statement.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    try database.execute(String(statement))
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
            if version < 5 { try backfillCatalog() }
        }
    }

    func log(_ job: String, _ event: String, worker: String? = nil, detail: String? = nil) throws(SQLiteDatabase.Failure) {
        try database.execute("INSERT INTO events (job, at, event, worker, detail) VALUES (?, ?, ?, ?, ?)",
                             [.text(job), .real(environment.now()), .text(event), worker.map { .text($0) } ?? .null,
                              detail.map { .text($0) } ?? .null])
    }

    public func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        let digest = SHA256.hex(of: order)
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> EnqueueOutcome in
            if let existing = try database.execute("SELECT order_sha256, state FROM jobs WHERE id = ?", [.text(id)]).first {
                if existing[0].text == digest { return .duplicate }
                guard replace else { return .conflict }
                guard existing[1].text != QueuedJob.State.running.rawValue else { return .conflict }
                try database.execute("""
                    UPDATE jobs SET order_bytes = ?, order_sha256 = ?, signature = ?, state = 'queued', stage = 'queued',
                    attempts = 0, retry_floor = 0, worker = NULL, lease_until = NULL, run_after = ?, last_error = NULL, updated_at = ?,
                    finished_at = NULL, approved_by = NULL, pages = NULL, warnings = NULL WHERE id = ?
                    """, [.blob(order), .text(digest), signature.map { .text($0) } ?? .null, .real(now), .real(now), .text(id)])
                try recordFacts(id: id, order: order, queuedAt: now)
                // Another order: nothing verified for the old one applies. The ledger stays: the
                // printer still has what it was sent.
                try database.execute("DELETE FROM verifications WHERE job = ?", [.text(id)])
                try database.execute("DELETE FROM upload_requests WHERE job = ?", [.text(id)])
                try log(id, "replaced")
                return .replaced
            }
            try database.execute("""
                INSERT INTO jobs (id, order_bytes, order_sha256, signature, state, run_after, created_at, updated_at)
                VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)
                """, [.text(id), .blob(order), .text(digest), signature.map { .text($0) } ?? .null, .real(now), .real(now), .real(now)])
            try recordFacts(id: id, order: order, queuedAt: now)
            try log(id, "queued")
            return .queued
        }
    }

    public func claim(worker: String, lease: Double) throws -> QueuedJob? {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> QueuedJob? in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'running', stage = 'claimed', worker = ?, lease_until = ?, attempts = attempts + 1, updated_at = ?
                WHERE id = (SELECT id FROM jobs
                            WHERE (state = 'queued' AND run_after <= ?) OR (state = 'running' AND lease_until < ?)
                            ORDER BY created_at, id LIMIT 1)
                RETURNING \(Self.columns)
                """, [.text(worker), .real(now + lease), .real(now), .real(now), .real(now)])
            guard let row = rows.first else { return nil }
            let job = Self.job(row)
            try log(job.id, "claimed", worker: worker, detail: "attempt \(job.attempts)")
            return job
        }
    }

    public func heartbeat(id: String, worker: String, lease: Double) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET lease_until = ?, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
                """, [.real(now + lease), .real(now), .text(id), .text(worker)])
            // Running under another worker: this one's lease ran out and the job was claimed again.
            if rows.isEmpty, try !database.execute("SELECT 1 FROM jobs WHERE id = ? AND state = 'running' AND worker <> ?",
                                                   [.text(id), .text(worker)]).isEmpty {
                try log(id, "lease-lost", worker: worker)
            }
            return !rows.isEmpty
        }
    }

    public func setStage(id: String, stage: String) throws {
        try database.execute("UPDATE jobs SET stage = ?, updated_at = ? WHERE id = ? AND state = 'running'",
                             [.text(stage), .real(environment.now()), .text(id)])
    }

    public func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State? {
        let now = environment.now()
        let random = environment.random()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> QueuedJob.State? in
            guard let row = try database.execute("SELECT attempts - retry_floor FROM jobs WHERE id = ? AND worker = ? AND state = 'running'",
                                                 [.text(id), .text(worker)]).first, let attempts = row[0].integer else { return nil }
            let (state, runAfter) = retryPolicy.next(succeeded: succeeded, final: final, attempts: attempts, now: now, random: random)
            try database.execute("""
                UPDATE jobs SET state = ?, stage = ?, worker = NULL, lease_until = NULL, run_after = ?, last_error = ?,
                updated_at = ?, finished_at = ? WHERE id = ?
                """, [.text(state.rawValue), .text(state == .queued ? "retry" : state.rawValue), .real(runAfter),
                      error.map { .text($0) } ?? .null, .real(now), state == .queued ? .null : .real(now), .text(id)])
            try log(id, state.rawValue, worker: worker, detail: error)
            return state
        }
    }

    public func release(id: String, worker: String) throws {
        try database.execute("""
            UPDATE jobs SET state = 'queued', stage = 'queued', worker = NULL, lease_until = NULL, attempts = MAX(0, attempts - 1),
            updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'
            """, [.real(environment.now()), .text(id), .text(worker)])
        try log(id, "released", worker: worker)
    }

    public func jobs() throws -> [QueuedJob] {
        try database.execute("SELECT \(Self.columns) FROM jobs ORDER BY created_at, id").map(Self.job)
    }

    public func job(_ id: String) throws -> QueuedJob? {
        try database.execute("SELECT \(Self.columns) FROM jobs WHERE id = ?", [.text(id)]).first.map(Self.job)
    }

    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.execute("SELECT job, COUNT(*) FROM events WHERE event = ? GROUP BY job", [.text(event)]) {
            if let job = row[0].text, let count = row[1].integer { counts[job] = count }
        }
        return counts
    }

    public func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'queued', retry_floor = attempts, run_after = ?, updated_at = ?, finished_at = NULL
                WHERE id = ? AND state IN ('failed', 'cancelled') RETURNING id
                """, [.real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            if freshRender {
                try database.execute("DELETE FROM verifications WHERE job = ?", [.text(id)])
                try database.execute("UPDATE jobs SET approved_by = NULL WHERE id = ?", [.text(id)])
            }
            try log(id, "retried", worker: actor, detail: freshRender ? "fresh render" : nil)
            return true
        }
    }

    public func cancel(_ id: String, by actor: String?) throws -> Bool {
        let rows = try database.execute("""
            UPDATE jobs SET state = 'cancelled', stage = 'cancelled', updated_at = ?, finished_at = ?
            WHERE id = ? AND state IN ('queued', 'held') RETURNING id
            """, [.real(environment.now()), .real(environment.now()), .text(id)])
        if !rows.isEmpty { try log(id, "cancelled", worker: actor) }
        return !rows.isEmpty
    }

    public func forget(_ id: String) throws -> Bool {
        try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            let rows = try database.execute("""
                DELETE FROM jobs WHERE id = ? AND state IN ('done', 'failed', 'cancelled') RETURNING id
                """, [.text(id)])
            guard !rows.isEmpty else { return false }
            try deleteRecords(of: [id])
            try log(id, "forgotten")
            return true
        }
    }

    public func prune(olderThan age: Double) throws -> Int {
        let cutoff = environment.now() - age
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Int in
            let rows = try database.execute("""
                DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < ? RETURNING id
                """, [.real(cutoff)])
            try deleteRecords(of: rows.compactMap { $0[0].text })
            return rows.count
        }
    }

    /// A job's ledger, requests and verification go with the job: its id may be queued afresh.
    private func deleteRecords(of ids: [String]) throws(SQLiteDatabase.Failure) {
        for id in ids {
            for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
                try database.execute("DELETE FROM \(table) WHERE job = ?", [.text(id)])
            }
        }
    }

    private static let columns = "id, state, stage, attempts, last_error, worker, created_at, updated_at, order_sha256, order_bytes, signature, approved_by"

    private static func job(_ row: [SQLiteDatabase.Value]) -> QueuedJob {
        QueuedJob(id: row[0].text ?? "", state: QueuedJob.State(rawValue: row[1].text ?? "") ?? .failed, stage: row[2].text ?? "",
                  attempts: row[3].integer ?? 0, lastError: row[4].text, worker: row[5].text, createdAt: row[6].real ?? 0,
                  updatedAt: row[7].real ?? 0, orderSHA256: row[8].text ?? "", order: row[9].blob ?? Data(), signature: row[10].text,
                  approvedBy: row[11].text)
    }
}
