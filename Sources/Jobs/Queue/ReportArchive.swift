import Foundation

/// Reports kept where every host sees them: each job's `report.json`, `report.html` and
/// previews, and each run's batch report.
public protocol ReportArchive: AnyObject {
    /// Replaces the job's file of that name.
    func storeJobFile(job: String, name: String, data: Data) throws
    func jobFile(job: String, name: String) throws -> Data?
    /// A run's batch report (`BATCH-…`), its JSON summary and its page.
    func storeBatchReport(name: String, summary: Data, html: Data) throws
    /// A night's report, stored by the first runner to cut it; false when one already was, on
    /// any host (that runner sends the night's notice, no other).
    func storeBatchReportOnce(name: String, summary: Data, html: Data) throws -> Bool
    /// The newest batch reports' names and summaries, newest first.
    func batchReports(limit: Int) throws -> [(name: String, summary: Data)]
}
