import Foundation

/// The embedded queue: one SQLite file in WAL mode that several runner processes share.
/// Claims are atomic (BEGIN IMMEDIATE + UPDATE … RETURNING); the schema is versioned
/// (`PRAGMA user_version`) and migrated forward on open.
public final class SQLiteQueue {
    let database: SQLiteDatabase
    let environment: QueueEnvironment
    public var retryPolicy: RetryPolicy

    public init(path: URL, environment: QueueEnvironment = QueueEnvironment(), retryPolicy: RetryPolicy = RetryPolicy()) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        let isNew = !FileManager.default.fileExists(atPath: path.path)
        database = try SQLiteDatabase(path: path.path, lockWait: environment.lockWait)
        if isNew { QueueFileOwner.giveNewQueue(path) }
        self.environment = environment
        self.retryPolicy = retryPolicy
        try migrate()
    }

    private func migrate() throws {
        try database.immediateTransaction { () throws in
            let version = try database.execute("PRAGMA user_version").first?.integer("user_version") ?? 0
            guard version <= SQLiteSchema.migrations.count else {
                throw SQLiteDatabase.Failure(description: "the queue's schema (version \(version)) is newer than this Folio (\(SQLiteSchema.migrations.count))")
            }
            for (index, migration) in SQLiteSchema.migrations.enumerated().dropFirst(version) {
                for statement in try migration.steps() { try database.execute(statement) }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
            if version < 5 { try backfillCatalog() }
        }
    }

    func log(_ job: String, _ event: String, worker: String? = nil, detail: String? = nil) throws {
        try database.execute(Self.sql("log-event"),
                             [.text(job), .real(environment.now()), .text(event), worker.map { .text($0) } ?? .null,
                              detail.map { .text($0) } ?? .null])
    }

    /// A job's ledger, requests and verification go with the job: its id may be queued afresh.
    func deleteRecords(of ids: [String]) throws {
        for id in ids {
            for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
                try database.execute("DELETE FROM \(table) WHERE job = ?", [.text(id)])
            }
        }
    }

    /// The statement `SQL/sqlite/<name>.sql`.
    static func sql(_ name: String) throws(SQLStatementError) -> String { try SQLStatements.sqlite.text(name) }
}
