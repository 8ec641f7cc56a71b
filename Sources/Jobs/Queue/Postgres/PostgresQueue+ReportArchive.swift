import Foundation

/// Reports, previews and batch reports in PostgreSQL, where every host sees them.
extension PostgresQueue: ReportArchive {
    public func storeJobFile(job: String, name: String, data: Data) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute("""
                INSERT INTO job_files (job, name, data, updated_at) VALUES ($1, $2, $3::bytea, $4)
                ON CONFLICT (job, name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
                """, [job, name, PGBytea.text(data), now])
        }
    }

    public func jobFile(job: String, name: String) throws -> Data? {
        try withConnection { database -> Data? in
            try database.execute("SELECT data FROM job_files WHERE job = $1 AND name = $2", [job, name]).first?.blob("data")
        }
    }

    public func storeBatchReport(name: String, summary: Data, html: Data) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute("""
                INSERT INTO batch_reports (name, summary, html, created_at) VALUES ($1, $2::bytea, $3::bytea, $4)
                ON CONFLICT (name) DO UPDATE SET summary = excluded.summary, html = excluded.html
                """, [name, PGBytea.text(summary), PGBytea.text(html), now])
        }
    }

    public func batchReports(limit: Int) throws -> [(name: String, summary: Data)] {
        try withConnection { database -> [(name: String, summary: Data)] in
            try database.execute("SELECT name, summary FROM batch_reports ORDER BY created_at DESC, name DESC LIMIT $1", [String(limit)])
                .map(BatchReportRow.read)
        }
    }
}
