import Diagnostics
import Foundation

/// The queue in PostgreSQL, for many runners on many hosts. The same model as `SQLiteQueue`:
/// claims take the oldest runnable job with `FOR UPDATE SKIP LOCKED`, leases are renewed by
/// heartbeat and expired ones rescued by the next claim, only the holder ends a job. Runnable
/// jobs NOTIFY `folio_jobs`, which idle runners LISTEN to. A lost connection is made again with
/// backoff and the call runs again: every verb is one transaction.
public final class PostgresQueue: QueueDriver {
    let environment: QueueEnvironment
    public var retryPolicy: RetryPolicy
    private let url: String
    private let password: String?
    /// How long a lost database is waited for before a call gives up.
    private let outageBudget: Double
    private var connection: PGConnection?
    private var listening = false

    /// `url` carries no password: it comes from `password` (FOLIO_PG_PASSWORD) or libpq's own
    /// PGPASSWORD or ~/.pgpass.
    /// The URL, which never carries a password.
    var connectionURL: String { url }

    public init(url: String, password: String?, environment: QueueEnvironment = QueueEnvironment(),
                retryPolicy: RetryPolicy = RetryPolicy(), outageBudget: Double = 600) throws {
        self.url = url
        self.password = password
        self.environment = environment
        self.retryPolicy = retryPolicy
        self.outageBudget = outageBudget
        try migrate()
    }

    // MARK: Connections

    /// Runs `body` on a live connection; after a lost connection (or a serialization failure)
    /// it waits, connects again and runs `body` again, until `outageBudget` is spent.
    func withConnection<T>(_ body: (PGConnection) throws(PGConnection.Failure) -> T) throws(PGConnection.Failure) -> T {
        let start = Date()
        var delay = 0.1
        while true {
            let failure: PGConnection.Failure
            do throws(PGConnection.Failure) {
                return try body(try connected())
            } catch {
                failure = error
            }
            let retryable = failure.connectionLost || ["40001", "40P01"].contains(failure.state ?? "")
            guard retryable, Date().timeIntervalSince(start) + delay <= outageBudget else { throw failure }
            if failure.connectionLost {
                connection = nil
                listening = false
            }
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 5)
        }
    }

    private func connected() throws(PGConnection.Failure) -> PGConnection {
        if let connection, !connection.isBroken { return connection }
        connection = nil
        let fresh = try PGConnection(url: url, password: password, lockWait: environment.lockWait)
        connection = fresh
        return fresh
    }

    /// BEGIN … COMMIT around `body`, rolled back when it throws.
    func transaction<T>(_ body: (PGConnection) throws(PGConnection.Failure) -> T) throws(PGConnection.Failure) -> T {
        try withConnection { (database) throws(PGConnection.Failure) -> T in
            try database.execute("BEGIN")
            do throws(PGConnection.Failure) {
                let result = try body(database)
                try database.execute("COMMIT")
                return result
            } catch {
                _ = try? database.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func migrate() throws(PGConnection.Failure) {
        try transaction { (database) throws(PGConnection.Failure) in
            // One migrating process at a time, whoever starts first.
            try database.execute("SELECT pg_advisory_xact_lock(74656311)")
            try database.execute("CREATE TABLE IF NOT EXISTS folio_schema (version integer NOT NULL)")
            let rows = try database.execute("SELECT version FROM folio_schema")
            if rows.isEmpty { try database.execute("INSERT INTO folio_schema VALUES (0)") }
            let version = rows.first?.first.flatMap { $0?.number } ?? 0
            guard version <= PostgresSchema.migrations.count else {
                throw PGConnection.Failure(message: "the queue's schema (version \(version)) is newer than this Folio (\(PostgresSchema.migrations.count))",
                                           state: nil, connectionLost: false)
            }
            for (index, migration) in PostgresSchema.migrations.enumerated().dropFirst(version) {
                for statement in migration.split(separator: ";") where !statement.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    try database.execute(String(statement))
                }
                try database.execute("UPDATE folio_schema SET version = $1", [String(index + 1)])
            }
            if version < 2 { try backfillCatalog(database) }
        }
    }

    func log(_ database: PGConnection, _ job: String, _ event: String, worker: String? = nil, detail: String? = nil) throws(PGConnection.Failure) {
        try database.execute("INSERT INTO events (job, at, event, worker, detail) VALUES ($1, $2, $3, $4, $5)",
                             [job, String(environment.now()), event, worker, detail])
    }

    /// Wakes idle runners: delivered when the transaction commits.
    func notify(_ database: PGConnection) throws(PGConnection.Failure) {
        try database.execute("SELECT pg_notify($1, '')", [PostgresSchema.channel])
    }

    // MARK: Jobs

    public func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        let digest = SHA256.hex(of: order)
        let now = String(environment.now())
        return try transaction { (database) throws(PGConnection.Failure) -> EnqueueOutcome in
            let inserted = try database.execute("""
                INSERT INTO jobs (id, order_bytes, order_sha256, signature, state, run_after, created_at, updated_at)
                VALUES ($1, $2::bytea, $3, $4, 'queued', $5, $5, $5) ON CONFLICT (id) DO NOTHING RETURNING id
                """, [id, Self.bytea(order), digest, signature, now])
            if !inserted.isEmpty {
                try recordFacts(database, id: id, order: order, queuedAt: environment.now())
                try log(database, id, "queued")
                try notify(database)
                return .queued
            }
            guard let existing = try database.execute("SELECT order_sha256, state FROM jobs WHERE id = $1 FOR UPDATE", [id]).first else {
                return .conflict
            }
            if existing[0] == digest { return .duplicate }
            guard replace, existing[1] != QueuedJob.State.running.rawValue else { return .conflict }
            try database.execute("""
                UPDATE jobs SET order_bytes = $2::bytea, order_sha256 = $3, signature = $4, state = 'queued', stage = 'queued',
                attempts = 0, retry_floor = 0, worker = NULL, lease_until = NULL, run_after = $5, last_error = NULL, updated_at = $5,
                finished_at = NULL, approved_by = NULL, pages = NULL, warnings = NULL WHERE id = $1
                """, [id, Self.bytea(order), digest, signature, now])
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
        return try transaction { (database) throws(PGConnection.Failure) -> QueuedJob? in
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
            let job = Self.job(row)
            try log(database, job.id, "claimed", worker: worker, detail: "attempt \(job.attempts)")
            return job
        }
    }

    public func heartbeat(id: String, worker: String, lease: Double) throws -> Bool {
        let now = environment.now()
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
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
        try withConnection { (database) throws(PGConnection.Failure) in
            try database.execute("UPDATE jobs SET stage = $1, updated_at = $2 WHERE id = $3 AND state = 'running'", [stage, now, id])
        }
    }

    public func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State? {
        let now = environment.now()
        let random = environment.random()
        return try transaction { (database) throws(PGConnection.Failure) -> QueuedJob.State? in
            guard let row = try database.execute("""
                SELECT attempts - retry_floor FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' FOR UPDATE
                """, [id, worker]).first, let attempts = row[0]?.number else { return nil }
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
        try transaction { (database) throws(PGConnection.Failure) in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'queued', worker = NULL, lease_until = NULL, attempts = GREATEST(0, attempts - 1),
                updated_at = $1 WHERE id = $2 AND worker = $3 AND state = 'running' RETURNING id
                """, [now, id, worker])
            try log(database, id, "released", worker: worker)
            if !rows.isEmpty { try notify(database) }
        }
    }

    public func jobs() throws -> [QueuedJob] {
        try withConnection { (database) throws(PGConnection.Failure) -> [QueuedJob] in
            try database.execute("SELECT \(Self.columns()) FROM jobs ORDER BY created_at, id").map(Self.job)
        }
    }

    public func job(_ id: String) throws -> QueuedJob? {
        try withConnection { (database) throws(PGConnection.Failure) -> QueuedJob? in
            try database.execute("SELECT \(Self.columns()) FROM jobs WHERE id = $1", [id]).first.map(Self.job)
        }
    }

    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        try withConnection { (database) throws(PGConnection.Failure) -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try database.execute("SELECT job, COUNT(*) FROM events WHERE event = $1 GROUP BY job", [event]) {
                if let job = row[0], let count = row[1]?.number { counts[job] = count }
            }
            return counts
        }
    }

    public func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool {
        let now = String(environment.now())
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
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
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'cancelled', stage = 'cancelled', updated_at = $1, finished_at = $1
                WHERE id = $2 AND state IN ('queued', 'held') RETURNING id
                """, [now, id])
            if !rows.isEmpty { try log(database, id, "cancelled", worker: actor) }
            return !rows.isEmpty
        }
    }

    public func forget(_ id: String) throws -> Bool {
        try transaction { (database) throws(PGConnection.Failure) -> Bool in
            let rows = try database.execute("DELETE FROM jobs WHERE id = $1 AND state IN ('done', 'failed', 'cancelled') RETURNING id", [id])
            guard !rows.isEmpty else { return false }
            try deleteRecords(database, of: [id])
            try log(database, id, "forgotten")
            return true
        }
    }

    public func prune(olderThan age: Double) throws -> Int {
        let cutoff = String(environment.now() - age)
        return try transaction { (database) throws(PGConnection.Failure) -> Int in
            let rows = try database.execute("""
                DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < $1 RETURNING id
                """, [cutoff])
            try deleteRecords(database, of: rows.compactMap { $0[0] })
            return rows.count
        }
    }

    /// A job's ledger, requests, verification and files go with the job.
    private func deleteRecords(_ database: PGConnection, of ids: [String]) throws(PGConnection.Failure) {
        guard !ids.isEmpty else { return }
        let list = "{" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "}"  // ids are [A-Za-z0-9._-]
        for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
            try database.execute("DELETE FROM \(table) WHERE job = ANY($1::text[])", [list])
        }
    }

    public func hasPendingWork() throws -> Bool {
        try withConnection { (database) throws(PGConnection.Failure) -> Bool in
            try !database.execute("SELECT 1 FROM jobs WHERE state IN ('queued', 'running') LIMIT 1").isEmpty
        }
    }

    /// LISTENs once per connection (again after a reconnect), then waits for a NOTIFY.
    public func waitForWork(timeout: Double) throws {
        try withConnection { (database) throws(PGConnection.Failure) in
            if !listening {
                try database.execute("LISTEN \(PostgresSchema.channel)")
                listening = true
            }
            _ = try database.waitForNotification(timeout: timeout)
        }
    }

    // MARK: Rows

    static func columns(_ prefix: String = "") -> String {
        ["id", "state", "stage", "attempts", "last_error", "worker", "created_at", "updated_at", "order_sha256", "order_bytes", "signature",
         "approved_by"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    static func job(_ row: [String?]) -> QueuedJob {
        QueuedJob(id: row[0] ?? "", state: QueuedJob.State(rawValue: row[1] ?? "") ?? .failed, stage: row[2] ?? "",
                  attempts: row[3]?.number ?? 0, lastError: row[4], worker: row[5], createdAt: row[6]?.seconds ?? 0,
                  updatedAt: row[7]?.seconds ?? 0, orderSHA256: row[8] ?? "", order: row[9].flatMap(Self.data) ?? Data(), signature: row[10],
                  approvedBy: row[11])
    }

    /// bytea as text: `\x` and hex, both ways.
    static func bytea(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]("\\x".utf8)
        text.reserveCapacity(2 + data.count * 2)
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    static func data(_ text: String) -> Data? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: c - 48
            case 97...102: c - 87
            case 65...70: c - 55
            default: nil
            }
        }
        var data = Data(capacity: (utf8.count - 2) / 2)
        var index = 2
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }
}

extension String {
    /// A PostgreSQL text result as a number.
    var number: Int? { Int(self) }
    var seconds: Double? { Double(self) }
}
