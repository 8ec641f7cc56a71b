import Foundation

/// Reports, previews and batch reports in the queue's file.
extension SQLiteQueue: ReportArchive {
    public func storeJobFile(job: String, name: String, data: Data) throws {
        try database.execute(Self.sql("store-job-file"), [.text(job), .text(name), .blob(data), .real(environment.now())])
    }

    public func jobFile(job: String, name: String) throws -> Data? {
        try database.execute(Self.sql("job-file"), [.text(job), .text(name)]).first?.blob("data")
    }

    public func storeBatchReport(name: String, summary: Data, html: Data) throws {
        try database.execute(Self.sql("store-batch-report"), [.text(name), .blob(summary), .blob(html), .real(environment.now())])
    }

    public func storeBatchReportOnce(name: String, summary: Data, html: Data) throws -> Bool {
        try !database.execute(Self.sql("store-batch-report-once"), [.text(name), .blob(summary), .blob(html), .real(environment.now())])
            .isEmpty
    }

    public func batchReports(limit: Int) throws -> [(name: String, summary: Data)] {
        try database.execute(Self.sql("batch-reports"), [.integer(Int64(limit))])
            .map(BatchReportRow.read)
    }
}
