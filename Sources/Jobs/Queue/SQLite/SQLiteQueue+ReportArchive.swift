import Foundation

/// Reports, previews and batch reports in the queue's file.
extension SQLiteQueue: ReportArchive {
    public func storeJobFile(job: String, name: String, data: Data) throws {
        try database.execute("""
            INSERT INTO job_files (job, name, data, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (job, name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
            """, [.text(job), .text(name), .blob(data), .real(environment.now())])
    }

    public func jobFile(job: String, name: String) throws -> Data? {
        try database.execute("SELECT data FROM job_files WHERE job = ? AND name = ?", [.text(job), .text(name)]).first?.blob("data")
    }

    public func storeBatchReport(name: String, summary: Data, html: Data) throws {
        try database.execute("""
            INSERT INTO batch_reports (name, summary, html, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (name) DO UPDATE SET summary = excluded.summary, html = excluded.html
            """, [.text(name), .blob(summary), .blob(html), .real(environment.now())])
    }

    public func batchReports(limit: Int) throws -> [(name: String, summary: Data)] {
        try database.execute("SELECT name, summary FROM batch_reports ORDER BY created_at DESC, name DESC LIMIT ?", [.integer(Int64(limit))])
            .map(BatchReportRow.read)
    }
}
