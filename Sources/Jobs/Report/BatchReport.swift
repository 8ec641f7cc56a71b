import Diagnostics
import Foundation

/// The summary of one `folio run` (`reports/BATCH-<time>.json` and `.html`) or of one night
/// (`NIGHT-<date>`, `NightReport`): counts by status, failures first with their reasons, a link
/// to each job's report.
public enum BatchReport {
    public struct Line: Codable, Sendable {
        public var order: String
        public var status: String
        public var attempts: Int
        public var error: String?
        public var report: String
    }

    public struct Summary: Codable, Sendable {
        public var batch: String
        public var counts: [String: Int]
        public var jobs: [Line]
    }

    @discardableResult
    public static func write(ended: [(id: String, state: QueuedJob.State)], queue: JobStore & ReportArchive, config: FolioConfig,
                             at date: Date = Date()) throws -> URL {
        let t = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date)
        let name = String(format: "BATCH-%04d%02d%02d-%02d%02d%02d", t.year ?? 0, t.month ?? 0, t.day ?? 0, t.hour ?? 0, t.minute ?? 0, t.second ?? 0)
        var lines: [Line] = []
        for (id, state) in ended {
            let job = try queue.job(id)
            lines.append(line(id, status: state.rawValue, attempts: job?.attempts ?? 0, error: job?.lastError, config: config))
        }
        let (summary, page) = try render(name: name, heading: "Night batch \(name.dropFirst(6))", lines: lines, config: config)
        try writeFiles(name: name, summary: summary, page: page, config: config)
        // Runners on several hosts may end in the same second: the queue keys each by its runner.
        try queue.storeBatchReport(name: "\(name) \(ProcessInfo.processInfo.hostName)-\(getpid())", summary: summary, html: page)
        return config.reports.appendingPathComponent(name + ".html")
    }

    /// One job's line, its report linked relative to the reports folder.
    static func line(_ id: String, status: String, attempts: Int, error: String?, config: FolioConfig) -> Line {
        let reportPath = relativePath(from: config.reports, to: config.jobs.appendingPathComponent(id).appendingPathComponent("report.html"))
        return Line(order: id, status: status, attempts: attempts, error: error, report: reportPath)
    }

    /// `reports/NAME.json` and `.html`.
    static func writeFiles(name: String, summary: Data, page: Data, config: FolioConfig) throws {
        try FileManager.default.createDirectory(at: config.reports, withIntermediateDirectories: true)
        try AtomicFile.write(summary, to: config.reports.appendingPathComponent(name + ".json"))
        try AtomicFile.write(page, to: config.reports.appendingPathComponent(name + ".html"))
    }

    /// The summary's JSON and its page, failures first.
    static func render(name: String, heading: String, lines unsorted: [Line], config: FolioConfig) throws -> (summary: Data, page: Data) {
        var lines = unsorted
        let order: [String: Int] = ["delivery-unknown": 0, "held": 1, "failed": 2, "cancelled": 3, "queued": 4, "done": 5]
        lines.sort { (order[$0.status] ?? 9, $0.order) < (order[$1.status] ?? 9, $1.order) }
        let counts = Dictionary(grouping: lines, by: \.status).mapValues(\.count)
        let summary = Summary(batch: name, counts: counts, jobs: lines)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var body = "<h1>\(HTML.escape(heading))</h1>\n<p class=\"counts\">"
        for status in ["done", "held", "delivery-unknown", "failed", "queued", "cancelled"] where counts[status] != nil {
            body += "<span class=\"status \(status)\">\(counts[status] ?? 0) \(status)</span>"
        }
        body += "</p>\n<table><tr><th>order</th><th>status</th><th>attempts</th><th>reason</th></tr>"
        for line in lines {
            body += "<tr><td><a href=\"\(HTML.escape(line.report))\">\(HTML.escape(line.order))</a></td>"
            body += "<td><span class=\"status \(line.status)\">\(line.status)</span></td><td>\(line.attempts)</td>"
            body += "<td>\(HTML.escape(line.error ?? ""))</td></tr>"
        }
        body += "</table>\n"
        let page = Data(try HTML.page(title: "Folio batch \(name)", body: body).utf8)
        return (try encoder.encode(summary), page)
    }

    static func relativePath(from folder: URL, to file: URL) -> String {
        let from = folder.standardizedFileURL.pathComponents, to = file.standardizedFileURL.pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common)).joined(separator: "/")
    }
}
