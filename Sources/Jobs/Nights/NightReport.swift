import Foundation

/// One report per night (issue 36): every job queued in the night, as it stands when the night
/// is cut, in `reports/NIGHT-<date>.json` and `.html` and in the queue. Under `run --watch` the
/// first runner past the cut writes it and sends its notice; `folio report --night DATE` writes
/// it on demand. A night without jobs has no report.
public enum NightReport {
    public struct Summary: Sendable {
        public var night: String
        public var counts: [String: Int]
        public var jobs: [BatchReport.Line]
        /// The HTML report's path.
        public var report: String
    }

    /// The most jobs a night's report lists.
    static let limit = 100_000

    /// The night's summary as the queue has it now; nil when the night had no job.
    public static func summarize(_ night: String, queue: ConsoleCatalog, config: FolioConfig) throws -> Summary? {
        let rows = try queue.listJobs(JobFilter(night: night), limit: limit, offset: 0)
        guard !rows.isEmpty else { return nil }
        let lines = rows.map { BatchReport.line($0.id, status: $0.state.rawValue, attempts: $0.attempts, error: $0.lastError, config: config) }
        return Summary(night: night, counts: Dictionary(grouping: lines, by: \.status).mapValues(\.count), jobs: lines,
                       report: config.reports.appendingPathComponent("NIGHT-\(night).html").path)
    }

    /// Writes the report's files and stores it in the queue. With `once`, only when no runner
    /// stored this night's report before: true when this call did (it then owns the notice).
    @discardableResult
    public static func write(_ summary: Summary, queue: ReportArchive, config: FolioConfig, once: Bool) throws -> Bool {
        let name = "NIGHT-\(summary.night)"
        let (data, page) = try BatchReport.render(name: name, heading: "The night of \(summary.night)", lines: summary.jobs, config: config)
        // The files first: a report stored but never written (a full disk) would be one no runner
        // writes again, nor announces.
        try BatchReport.writeFiles(name: name, summary: data, page: page, config: config)
        if once { return try queue.storeBatchReportOnce(name: name, summary: data, html: page) }
        try queue.storeBatchReport(name: name, summary: data, html: page)
        return true
    }
}
