import Foundation
import FolioCommandLine
import Jobs

/// `folio-bench --scale`: what a year of nights costs the console and intake (issue 36). A
/// queue of 1,000 and of 1,000,000 jobs (SQLite, then PostgreSQL), spread over 365 nights in
/// every state, is served by the real `folio serve`; the Night page, the Jobs page (its first
/// page, and one 900,000 rows deep by keyset) and `/metrics` are timed through curl, median of
/// 15, beside `/healthz` (the floor: the same server and client, no queue). Then `folio intake`
/// takes 20,000 and 200,000 order files from a hot folder.
enum ScaleBench {
    static let token = ConsoleTokens.newToken()

    struct Row {
        var driver: String
        var jobs: Int
        var milliseconds: [String: Double]
    }

    static let pages: [(name: String, path: String)] = [("floor /healthz", "/healthz"), ("Night page", "/"), ("Jobs, first page", "/jobs"),
                                                         ("Jobs, 900,000 deep", "DEEP"), ("/metrics", "/metrics")]

    /// `large`: the bigger queue (`--jobs N`, 1,000,000 by default); the smaller has 1,000.
    static func run(large: Int, console: Terminal) -> Int32 {
        let sizes = [1_000, max(1_000, large)]
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scale-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var rows: [Row] = []
            for jobs in sizes {
                let folder = root.appendingPathComponent("sqlite-\(jobs)")
                let config = try ScaleQueue.workspace(folder, queue: "sqlite:../folio.db")
                console.say("scale: SQLite, \(jobs) jobs")
                try ScaleQueue.fillSQLite(folder.appendingPathComponent("folio.db"), jobs: jobs, config: config)
                rows.append(Row(driver: "SQLite", jobs: jobs, milliseconds: try time(config: config, jobs: jobs)))
            }
            if let postgres = BenchPostgres.start(name: "scale") {
                defer { postgres.stop() }
                for jobs in sizes {
                    let url = try postgres.database("scale_\(jobs)")
                    let folder = root.appendingPathComponent("postgres-\(jobs)")
                    let config = try ScaleQueue.workspace(folder, queue: url)
                    console.say("scale: PostgreSQL, \(jobs) jobs")
                    try postgres.fill(url, jobs: jobs, config: config)
                    rows.append(Row(driver: "PostgreSQL", jobs: jobs, milliseconds: try time(config: config, jobs: jobs)))
                }
            } else {
                console.complain("PostgreSQL did not start (scripts/pg-cluster.sh): its figures are left out")
            }
            print(rows, console: console)
            for orders in [20_000, 200_000] {
                let count = large < 1_000_000 ? orders / 10 : orders
                let rate = try IntakeRate.measure(orders: count, root: root.appendingPathComponent("intake-\(count)"))
                console.say(String(format: "intake: %d order files, %.0f orders/s (target ≥ 1,500 at 200,000)", count, rate))
            }
            return 0
        } catch {
            console.complain("scale bench: \(error)")
            return 1
        }
    }

    /// Median milliseconds of each page, through a running console.
    static func time(config: URL, jobs: Int) throws -> [String: Double] {
        let deep = try ScaleQueue.deepCursor(config: config, depth: min(900_000, jobs * 9 / 10))
        let server = try ScaleConsole(config: config, token: token)
        defer { server.stop() }
        var result: [String: Double] = [:]
        for (name, path) in pages {
            let url = server.base + (path == "DEEP" ? "/jobs?after=" + deep : path)
            var samples: [Double] = []
            for _ in 0..<16 { samples.append(try server.milliseconds(url)) }
            samples.removeFirst()  // the first warms the caches
            result[name] = samples.sorted()[samples.count / 2]
        }
        return result
    }

    static func print(_ rows: [Row], console: Terminal) {
        console.say("\nconsole at scale: median ms of 15 requests (target < 50 ms at 1,000,000 jobs)")
        console.say("driver      jobs       " + pages.map { $0.name.padding(toLength: 20, withPad: " ", startingAt: 0) }.joined())
        for row in rows {
            let cells = pages.map { String(format: "%-20.1f", row.milliseconds[$0.name] ?? .nan) }.joined()
            console.say(row.driver.padding(toLength: 12, withPad: " ", startingAt: 0)
                        + String(row.jobs).padding(toLength: 11, withPad: " ", startingAt: 0) + cells)
        }
    }
}
