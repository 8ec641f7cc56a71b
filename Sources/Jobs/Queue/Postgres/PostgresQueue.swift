import Foundation

/// The queue in PostgreSQL, for many runners on many hosts. The same model as `SQLiteQueue`:
/// claims take the oldest runnable job with `FOR UPDATE SKIP LOCKED`, leases are renewed by
/// heartbeat and expired ones rescued by the next claim, only the holder ends a job. Runnable
/// jobs NOTIFY `folio_jobs`, which idle runners LISTEN to. A lost connection is made again with
/// backoff and the call runs again: every verb is one transaction.
public final class PostgresQueue {
    let environment: QueueEnvironment
    public var retryPolicy: RetryPolicy
    private let url: String
    private let password: String?
    /// How long a lost database is waited for before a call gives up.
    private let outageBudget: Double
    private var connection: PGConnection?
    var listening = false

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
    /// it waits, connects again and runs `body` again, until `outageBudget` is spent. Any other
    /// error (a row that does not read) is thrown at once.
    func withConnection<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let start = Date()
        var delay = 0.1
        while true {
            let failure: PGConnection.Failure
            do {
                return try body(try connected())
            } catch let error as PGConnection.Failure {
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

    private func connected() throws -> PGConnection {
        if let connection, !connection.isBroken { return connection }
        connection = nil
        let fresh = try PGConnection(url: url, password: password, lockWait: environment.lockWait)
        connection = fresh
        return fresh
    }

    /// BEGIN … COMMIT around `body`, rolled back when it throws.
    func transaction<T>(_ body: (PGConnection) throws -> T) throws -> T {
        try withConnection { database -> T in
            try database.execute("BEGIN")
            do {
                let result = try body(database)
                try database.execute("COMMIT")
                return result
            } catch {
                _ = try? database.execute("ROLLBACK")
                throw error
            }
        }
    }

    private func migrate() throws {
        try transaction { database in
            // One migrating process at a time, whoever starts first.
            try database.execute("SELECT pg_advisory_xact_lock(74656311)")
            try database.execute("CREATE TABLE IF NOT EXISTS folio_schema (version integer NOT NULL)")
            let rows = try database.execute("SELECT version FROM folio_schema")
            if rows.isEmpty { try database.execute("INSERT INTO folio_schema VALUES (0)") }
            let version = try rows.first?.integer("version") ?? 0
            guard version <= PostgresSchema.migrations.count else {
                throw PGConnection.Failure(message: "the queue's schema (version \(version)) is newer than this Folio (\(PostgresSchema.migrations.count))",
                                           state: nil, connectionLost: false)
            }
            for (index, migration) in PostgresSchema.migrations.enumerated().dropFirst(version) {
                for statement in try migration.steps() { try database.execute(statement) }
                try database.execute("UPDATE folio_schema SET version = $1", [String(index + 1)])
            }
            if version < 2 { try backfillCatalog(database) }
        }
    }

    func log(_ database: PGConnection, _ job: String, _ event: String, worker: String? = nil, detail: String? = nil) throws {
        try database.execute(Self.sql("log-event"), [job, String(environment.now()), event, worker, detail])
    }

    /// Wakes idle runners: delivered when the transaction commits.
    func notify(_ database: PGConnection) throws {
        try database.execute(Self.sql("notify"), [PostgresSchema.channel])
    }

    /// A job's ledger, requests, verification and files go with the job.
    func deleteRecords(_ database: PGConnection, of ids: [String]) throws {
        guard !ids.isEmpty else { return }
        let list = "{" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "}"  // ids are [A-Za-z0-9._-]
        for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
            try database.execute("DELETE FROM \(table) WHERE job = ANY($1::text[])", [list])
        }
    }

    /// The statement `SQL/postgres/<name>.sql`.
    static func sql(_ name: String) throws(SQLStatementError) -> String { try SQLStatements.postgres.text(name) }
}
