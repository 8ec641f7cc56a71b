import Diagnostics
import Foundation
import FolioCommandLine
import Jobs

/// `folio-bench --queue`: the queue's own throughput. Empty jobs are queued, then 1 and 4
/// runner processes (`folio-bench _claim-loop`) claim and finish them as fast as they can, on
/// SQLite and on PostgreSQL (a private cluster, scripts/pg-cluster.sh). The floor is the same SQL
/// without Folio: pgbench running the claim and finish statements (variables bound as
/// parameters, `-M extended`), and Python's sqlite3 module running them on one connection.
enum QueueThroughput {
    static let jobs = 2000

    struct Row {
        var driver: String
        var processes: Int
        var wall: Double
        var floor: Double?
        var claimsPerSecond: Double { Double(jobs) / wall }
    }

    static func run(console: Terminal) -> Int32 {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-queue-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var rows: [Row] = []
            for processes in [1, 4] {
                let file = root.appendingPathComponent("q-\(processes).db")
                console.say("queue: SQLite, \(processes) process\(processes == 1 ? "" : "es"), \(jobs) empty jobs")
                let queue = try SQLiteQueue(path: file)
                try fill(queue)
                let wall = try claim(location: "sqlite:\(file.path)", processes: processes, environment: [:])
                let floorFile = root.appendingPathComponent("floor-\(processes).db")
                try fill(try SQLiteQueue(path: floorFile))
                rows.append(Row(driver: "SQLite", processes: processes, wall: wall, floor: processes == 1 ? try sqliteFloor(floorFile) : nil))
            }
            guard let postgres = BenchPostgres.start(name: "bench") else {
                console.complain("PostgreSQL did not start (scripts/pg-cluster.sh): its figures are left out")
                print(rows, console: console)
                return 1
            }
            defer { postgres.stop() }
            let (port, password) = (postgres.port, postgres.password)
            for processes in [1, 4] {
                let floorDatabase = "floor_\(processes)"
                _ = try PostgresQueue(url: postgres.url("postgres"), password: password)  // proves the connection
                let url = try postgres.database("bench_\(processes)")
                let floorURL = try postgres.database(floorDatabase)
                console.say("queue: PostgreSQL, \(processes) process\(processes == 1 ? "" : "es"), \(jobs) empty jobs")
                try fill(try PostgresQueue(url: url, password: password))
                let wall = try claim(location: url, processes: processes, environment: ["FOLIO_PG_PASSWORD": password])
                try fill(try PostgresQueue(url: floorURL, password: password))
                rows.append(Row(driver: "PostgreSQL", processes: processes, wall: wall,
                                floor: try pgbenchFloor(port: port, database: floorDatabase, password: password, clients: processes, root: root)))
            }
            print(rows, console: console)
            return 0
        } catch {
            console.complain("queue bench: \(error)")
            return 1
        }
    }

    static func fill(_ queue: QueueDriver) throws {
        for index in 0..<jobs {
            _ = try queue.enqueue(id: String(format: "empty-%05d", index), order: Data("{\"n\": \(index)}".utf8), signature: nil, replace: false)
        }
    }

    /// Wall seconds for `processes` claim loops to empty the queue.
    static func claim(location: String, processes: Int, environment: [String: String]) throws -> Double {
        let executable = SharedFiles.executable ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.resolvingSymlinksInPath()
        let start = Date()
        let running = try (0..<processes).map { _ in
            let process = Process()
            process.executableURL = executable
            process.arguments = ["_claim-loop", location]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        running.forEach { $0.waitUntilExit() }
        return Date().timeIntervalSince(start)
    }

    /// `folio-bench _claim-loop LOCATION`: claims and finishes until the queue is empty.
    static func loop(_ location: String) -> Int32 {
        do {
            let queue: QueueDriver = location.hasPrefix("sqlite:")
                ? try SQLiteQueue(path: URL(fileURLWithPath: String(location.dropFirst(7))))
                : try PostgresQueue(url: location, password: ProcessInfo.processInfo.environment["FOLIO_PG_PASSWORD"])
            let worker = "bench-\(getpid())"
            while let job = try queue.claim(worker: worker, lease: 60) {
                _ = try queue.finish(id: job.id, worker: worker, succeeded: true, error: nil, final: false)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("folio-bench _claim-loop: \(error)\n".utf8))
            return 1
        }
    }

    /// The same claim and finish statements through Python's sqlite3 module, one connection.
    static func sqliteFloor(_ file: URL) throws -> Double {
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=NORMAL")
            start = time.time()
            while True:
                db.execute("BEGIN IMMEDIATE")
                row = db.execute("UPDATE jobs SET state='running', worker='w', lease_until=1e12, attempts=attempts+1 WHERE id = (SELECT id FROM jobs WHERE state='queued' ORDER BY created_at, id LIMIT 1) RETURNING id").fetchone()
                if row is None:
                    db.execute("COMMIT"); break
                db.execute("INSERT INTO events (job, at, event) VALUES (?, 0, 'claimed')", row)
                db.execute("COMMIT")
                db.execute("BEGIN IMMEDIATE")
                db.execute("UPDATE jobs SET state='done', worker=NULL WHERE id=? AND worker='w'", row)
                db.execute("INSERT INTO events (job, at, event) VALUES (?, 0, 'done')", row)
                db.execute("COMMIT")
            print(time.time() - start)
            """
        return try floorSeconds(["python3", "-c", script, file.path])
    }

    /// pgbench running the claim (SKIP LOCKED) and finish statements with `clients` connections.
    static func pgbenchFloor(port: Int, database: String, password: String, clients: Int, root: URL) throws -> Double {
        let file = root.appendingPathComponent("claim.sql")
        try Data("""
            BEGIN;
            WITH next AS (SELECT id FROM jobs WHERE state = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
              UPDATE jobs SET state = 'running', worker = 'w' || :client_id, lease_until = 1e12, attempts = attempts + 1 FROM next
              WHERE jobs.id = next.id RETURNING jobs.id AS claimed \\gset
            INSERT INTO events (job, at, event) VALUES (:claimed, 0, 'claimed');
            COMMIT;
            BEGIN;
            UPDATE jobs SET state = 'done', worker = NULL WHERE id = :claimed;
            INSERT INTO events (job, at, event) VALUES (:claimed, 0, 'done');
            COMMIT;
            """.utf8).write(to: file)
        let start = Date()
        let status = system("PGPASSWORD='\(password)' pgbench -n -M extended -h 127.0.0.1 -p \(port) -U folio -c \(clients) -j \(clients) "
                            + "-t \(jobs / clients) -f '\(file.path)' \(database) >'\(file.path).log' 2>&1")
        guard status == 0 else {
            throw BenchError("pgbench failed (status \(status)): " + ((try? String(contentsOf: URL(fileURLWithPath: file.path + ".log"), encoding: .utf8)) ?? ""))
        }
        return Date().timeIntervalSince(start)
    }

    private static func floorSeconds(_ command: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let seconds = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("the floor did not report its time")
        }
        return seconds
    }

    private static func print(_ rows: [Row], console: Terminal) {
        var table = TextTable(["queue", "processes", "jobs", "wall s", "claims/s", "floor claims/s", "Folio ÷ floor time"])
        for row in rows {
            let floorRate = row.floor.map { String(format: "%.0f", Double(jobs) / $0) } ?? "—"
            let ratio = row.floor.map { String(format: "%.2f", row.wall / $0) } ?? "—"
            table.add([row.driver, String(row.processes), String(jobs), String(format: "%.2f", row.wall),
                       String(format: "%.0f", row.claimsPerSecond), floorRate, ratio])
        }
        console.say("")
        table.lines.forEach(console.say)
    }
}
