import Foundation
import Jobs

/// The scale bench's queues: a workspace per queue, and a year of jobs written straight into
/// the tables (through the queue's own triggers, which keep its counts), as 365 nights of a
/// shop would leave them: most done, some failed, held, cancelled, queued and running.
enum ScaleQueue {
    /// A config folder beside the queue, with the repository's products and destinations.
    static func workspace(_ folder: URL, queue: String) throws -> URL {
        let config = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("config")
        for name in ["products", "destinations", "icc"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: config.appendingPathComponent(name))
        }
        let file = config.appendingPathComponent("folio.json")
        let settings: [String: Any] = ["exports_root": "../exports", "inbox": "../inbox", "queue": queue, "jobs": "../jobs",
                                       "reports": "../reports", "intake_settle_s": 0, "retention": ["min_free_mb": 0]]
        try JSONSerialization.data(withJSONObject: settings).write(to: file)
        return file
    }

    /// The state of the i-th job: 90 % done, then failed, held, cancelled, queued, running.
    static let stateSQL = "CASE WHEN i % 100 < 90 THEN 'done' WHEN i % 100 < 93 THEN 'failed' WHEN i % 100 < 95 THEN 'held' "
        + "WHEN i % 100 < 97 THEN 'cancelled' WHEN i % 100 < 99 THEN 'queued' ELSE 'running' END"

    static func fillSQLite(_ file: URL, jobs: Int, config: URL) throws {
        _ = try FolioConfig.load(config).openQueue()  // the schema, its indexes and triggers
        let script = """
            import sqlite3, sys
            n = int(sys.argv[2]); db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN")
            start = 1_735_700_000.0
            def rows():
                for i in range(n):
                    created = start + i * (365 * 86400.0 / n)
                    night = __import__("time").strftime("%Y-%m-%d", __import__("time").gmtime(created - 43200))
                    yield (f"scale-{i:07d}", b"{}", f"{i:064x}", i, created, created + 60, created + 120, night, 40 + i % 300, i % 4)
            db.executemany(\"""INSERT INTO jobs (id, order_bytes, order_sha256, state, stage, attempts, run_after, created_at, updated_at,
                finished_at, product, destination, title, author, search, night, pages, warnings)
                SELECT ?1, ?2, ?3, \(stateSQL.replacingOccurrences(of: "i %", with: "?4 %")), 'done', 1, ?5, ?5, ?6, ?7, 'a5-softcover', 'local',
                'A year', 'Anna', ?1, ?8, ?9, ?10\""", rows())
            db.execute("COMMIT")
            """
        try run(["python3", "-c", script, file.path, String(jobs)])
    }

    /// The cursor of the row `depth` deep in the Jobs page's order (read once, by offset).
    static func deepCursor(config: URL, depth: Int) throws -> String {
        let queue = try FolioConfig.load(config).openQueue()
        guard let row = try queue.listJobs(JobFilter(), limit: 1, offset: max(0, depth - 1)).first else { return "" }
        return JobCursor(after: row).text
    }

    static func run(_ command: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(command.first ?? "") exited \(process.terminationStatus)") }
    }
}

extension BenchPostgres {
    /// A year of jobs in the database at `url`, in one statement through the queue's triggers.
    func fill(_ url: String, jobs: Int, config: URL) throws {
        _ = try FolioConfig.load(config).openQueue()  // the schema, its indexes and triggers
        let name = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
        try psql(name, """
            INSERT INTO jobs (id, order_bytes, order_sha256, state, stage, attempts, run_after, created_at, updated_at, finished_at,
                product, destination, title, author, search, night, pages, warnings)
            SELECT 'scale-' || lpad(i::text, 7, '0'), '\\\\x7b7d'::bytea, md5(i::text), \(ScaleQueue.stateSQL), 'done', 1, t, t, t + 60, t + 120,
                'a5-softcover', 'local', 'A year', 'Anna', 'scale-' || lpad(i::text, 7, '0'),
                to_char(to_timestamp(t - 43200) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 40 + i % 300, i % 4
            FROM (SELECT i, 1735700000.0 + i * (365 * 86400.0 / \(jobs)) AS t FROM generate_series(0, \(jobs - 1)) AS i) AS series
            """)
        try psql(name, "ANALYZE")
    }
}
