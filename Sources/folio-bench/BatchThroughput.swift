import Diagnostics
import Foundation
import Jobs
import Prepress

/// A night batch in small: twelve books of 30 entries and 10 photos dropped into the hot folder
/// and worked by `folio run` (intake, SQLite queue, one job process per book, delivery, reports)
/// with a given number of workers, each time in a fresh workspace.
struct BatchThroughput {
    static let books = 12
    static let entriesPerBook = 30
    static let photosPerBook = 10

    var workers: Int
    /// `--threads` given to `folio run`, or nil for the default (the cores shared among workers).
    var threads: Int?
    var done: Int
    var wall: Double
    var cpu: Double

    var label: String {
        "\(workers) worker\(workers == 1 ? "" : "s"), " + (threads.map { "\($0) thread\($0 == 1 ? "" : "s") a job" } ?? "cores shared")
    }

    var booksPerMinute: Double { wall > 0 ? Double(done) / wall * 60 : 0 }

    /// The books' exports, shared by every batch (the workspaces' exports root points here).
    static func writeExports(to folder: URL, pictures: BenchPictures) throws(BenchError) {
        for book in 1...books {
            let export = folder.appendingPathComponent(String(format: "book-%02d", book))
            do {
                _ = try BenchExport.write(to: export, entries: entriesPerBook, photos: photosPerBook, seed: 1000 + UInt64(book),
                                          pictures: pictures)
            } catch {
                throw BenchError("cannot write the batch export \(export.path): \(error)")
            }
        }
    }

    /// `root` holds `exports/` (from writeExports); the workspace is `root/workers-N`.
    static func measure(workers: Int, threads: Int? = nil, root: URL, options: BenchOptions) throws(BenchError) -> BatchThroughput {
        let workspace = try BenchWorkspace(root: root.appendingPathComponent("workers-\(workers)-threads-\(threads ?? 0)"),
                                           copying: options.configFile, exportsRoot: "../../exports")
        let config = try workspace.loadConfig()
        try dropOrders(into: config.inbox, product: options.product)
        let arguments = ["run", "--workers", String(workers), "--config", workspace.configFile.path]
            + (threads.map { ["--threads", String($0)] } ?? [])
        let start = ContinuousClock.now
        guard let outcome = MeasuredProcess.run(BenchWorkspace.executable, arguments) else {
            throw BenchError("cannot start \(BenchWorkspace.executable) \(arguments.joined(separator: " "))")
        }
        let wall = (ContinuousClock.now - start).seconds
        return BatchThroughput(workers: workers, threads: threads, done: try doneBooks(config.reports, status: outcome.status), wall: wall,
                               cpu: outcome.cpuSeconds)
    }

    /// Orders written under another name and renamed into place, as a well-behaved writer does;
    /// signed when FOLIO_ORDER_KEY asks intake for signatures.
    private static func dropOrders(into inbox: URL, product: String) throws(BenchError) {
        let key = ProcessInfo.processInfo.environment["FOLIO_ORDER_KEY"].flatMap { $0.isEmpty ? nil : Data($0.utf8) }
        do {
            try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
            for book in 1...books {
                let name = String(format: "book-%02d", book)
                let data = try JSONSerialization.data(withJSONObject: BenchWorkspace.order(id: "batch-" + name, export: name, product: product),
                                                      options: [.sortedKeys])
                let file = inbox.appendingPathComponent(name + ".json")
                if let key { try Data(HMACSHA256.hex(key: key, message: data).utf8).write(to: file.appendingPathExtension("sig")) }
                let temporary = inbox.appendingPathComponent(".\(name).json.tmp")
                try data.write(to: temporary)
                try FileManager.default.moveItem(at: temporary, to: file)
            }
        } catch {
            throw BenchError("cannot drop the batch's orders into \(inbox.path): \(error)")
        }
    }

    /// The books the batch report counts as done.
    private static func doneBooks(_ reports: URL, status: Int32) throws(BenchError) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: reports.path)) ?? []
        guard let name = names.filter({ $0.hasPrefix("BATCH-") && $0.hasSuffix(".json") }).sorted().last,
              let data = try? Data(contentsOf: reports.appendingPathComponent(name)),
              let summary = try? JSONDecoder().decode(BatchReport.Summary.self, from: data) else {
            throw BenchError("folio run ended with status \(status) and wrote no batch report in \(reports.path)")
        }
        return summary.counts["done"] ?? 0
    }
}
