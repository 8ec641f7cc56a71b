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

    /// A job's ledger, requests, verification and files go with the job.
    func deleteRecords(_ database: PGConnection, of ids: [String]) throws(PGConnection.Failure) {
        guard !ids.isEmpty else { return }
        let list = "{" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "}"  // ids are [A-Za-z0-9._-]
        for table in ["deliveries", "upload_requests", "verifications", "job_files", "timings"] {
            try database.execute("DELETE FROM \(table) WHERE job = ANY($1::text[])", [list])
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
