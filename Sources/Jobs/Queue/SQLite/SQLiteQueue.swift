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
        database = try SQLiteDatabase(path: path.path, lockWait: environment.lockWait)
        self.environment = environment
        self.retryPolicy = retryPolicy
        try migrate()
    }

    private func migrate() throws {
        try database.immediateTransaction { () throws(SQLiteDatabase.Failure) in
            let version = try database.execute("PRAGMA user_version").first?.first?.integer ?? 0
            guard version <= SQLiteSchema.migrations.count else {
                throw SQLiteDatabase.Failure(description: "the queue's schema (version \(version)) is newer than this Folio (\(SQLiteSchema.migrations.count))")
            }
            for (index, migration) in SQLiteSchema.migrations.enumerated().dropFirst(version) {
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

    /// A job's ledger, requests and verification go with the job: its id may be queued afresh.
    func deleteRecords(of ids: [String]) throws(SQLiteDatabase.Failure) {
        for id in ids {
            for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
                try database.execute("DELETE FROM \(table) WHERE job = ?", [.text(id)])
            }
        }
    }

    static let columns = "id, state, stage, attempts, last_error, worker, created_at, updated_at, order_sha256, order_bytes, signature, approved_by"

    static func job(_ row: [SQLiteDatabase.Value]) -> QueuedJob {
        QueuedJob(id: row[0].text ?? "", state: QueuedJob.State(rawValue: row[1].text ?? "") ?? .failed, stage: row[2].text ?? "",
                  attempts: row[3].integer ?? 0, lastError: row[4].text, worker: row[5].text, createdAt: row[6].real ?? 0,
                  updatedAt: row[7].real ?? 0, orderSHA256: row[8].text ?? "", order: row[9].blob ?? Data(), signature: row[10].text,
                  approvedBy: row[11].text)
    }
}
