import Foundation

/// Reports, previews and batch reports in PostgreSQL, where every host sees them.
extension PostgresQueue: ReportArchive {
    public func storeJobFile(job: String, name: String, data: Data) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute(Self.sql("store-job-file"), [job, name, PGBytea.text(data), now])
        }
    }

    public func jobFile(job: String, name: String) throws -> Data? {
        try withConnection { database -> Data? in
            try database.execute(Self.sql("job-file"), [job, name]).first?.blob("data")
        }
    }

    public func storeBatchReport(name: String, summary: Data, html: Data) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute(Self.sql("store-batch-report"), [name, PGBytea.text(summary), PGBytea.text(html), now])
        }
    }

    public func storeBatchReportOnce(name: String, summary: Data, html: Data) throws -> Bool {
        let now = String(environment.now())
        return try withConnection { database in
            try !database.execute(Self.sql("store-batch-report-once"), [name, PGBytea.text(summary), PGBytea.text(html), now]).isEmpty
        }
    }

    public func batchReports(limit: Int) throws -> [(name: String, summary: Data)] {
        try withConnection { database -> [(name: String, summary: Data)] in
            try database.execute(Self.sql("batch-reports"), [String(limit)])
                .map(BatchReportRow.read)
        }
    }
}
