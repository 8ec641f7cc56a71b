import Foundation

/// The console's catalog in SQLite: the lists, nights and event counts, and the order facts they read.
extension SQLiteQueue: ConsoleCatalog {
    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.execute("SELECT job, COUNT(*) FROM events WHERE event = ? GROUP BY job", [.text(event)]) {
            if let job = row[0].text, let count = row[1].integer { counts[job] = count }
        }
        return counts
    }

    public func recordOutcome(id: String, pages: Int?, warnings: Int) throws {
        try database.execute("UPDATE jobs SET pages = ?, warnings = ? WHERE id = ?",
                             [pages.map { .integer(Int64($0)) } ?? .null, .integer(Int64(warnings)), .text(id)])
    }

    public func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow] {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { _ in "?" }
        return try database.execute("""
            SELECT \(CatalogSQL.rowColumns) FROM jobs \(conditions) \(CatalogSQL.order(filter)) LIMIT ? OFFSET ?
            """, parameters.map { .text($0) } + [.integer(Int64(limit)), .integer(Int64(offset))]).map { row in
            JobRow(id: row[0].text ?? "", state: QueuedJob.State(rawValue: row[1].text ?? "") ?? .failed, stage: row[2].text ?? "",
                   attempts: row[3].integer ?? 0, lastError: row[4].text, product: row[5].text, destination: row[6].text,
                   title: row[7].text, author: row[8].text, night: row[9].text ?? "", pages: row[10].integer,
                   warnings: row[11].integer, createdAt: row[12].real ?? 0, updatedAt: row[13].real ?? 0)
        }
    }

    public func countJobs(_ filter: JobFilter, cap: Int) throws -> Int {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { _ in "?" }
        return try database.execute("SELECT COUNT(*) FROM (SELECT 1 FROM jobs \(conditions) LIMIT ?)",
                                    parameters.map { .text($0) } + [.integer(Int64(cap))]).first?.first?.integer ?? 0
    }

    public func nights(limit: Int) throws -> [NightRow] {
        let newest = try database.execute("SELECT DISTINCT night FROM jobs ORDER BY night DESC LIMIT ?", [.integer(Int64(limit))])
            .compactMap { $0[0].text }
        guard let oldest = newest.last else { return [] }
        let rows = try database.execute("""
            SELECT night, state, COUNT(*), COALESCE(SUM(pages), 0), COALESCE(SUM(warnings), 0), MIN(created_at), MAX(finished_at)
            FROM jobs WHERE night >= ? GROUP BY night, state
            """, [.text(oldest)])
        return CatalogSQL.nights(newest, rows: rows.map { row in
            (row[0].text ?? "", row[1].text ?? "", row[2].integer ?? 0, row[3].integer ?? 0, row[4].integer ?? 0,
             row[5].real ?? 0, row[6].real)
        })
    }

    /// Rows queued before the catalog existed get their facts once, on the migration.
    func backfillCatalog() throws(SQLiteDatabase.Failure) {
        for row in try database.execute("SELECT id, order_bytes, created_at FROM jobs WHERE night = ''") {
            try recordFacts(id: row[0].text ?? "", order: row[1].blob ?? Data(), queuedAt: row[2].real ?? 0)
        }
    }

    func recordFacts(id: String, order: Data, queuedAt: Double) throws(SQLiteDatabase.Failure) {
        let facts = OrderFacts(order)
        func text(_ value: String?) -> SQLiteDatabase.Value { value.map { .text($0) } ?? .null }
        try database.execute("UPDATE jobs SET product = ?, destination = ?, title = ?, author = ?, search = ?, night = ? WHERE id = ?",
                             [text(facts.product), text(facts.destination), text(facts.title), text(facts.author),
                              .text(OrderFacts.searchText(id: id, title: facts.title, author: facts.author)),
                              .text(Night.label(at: queuedAt)), .text(id)])
    }
}
