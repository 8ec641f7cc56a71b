import Foundation

/// The console's catalog in PostgreSQL: the lists, nights and event counts, and the order facts they read.
extension PostgresQueue: ConsoleCatalog {
    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        try withConnection { (database) throws(PGConnection.Failure) -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try database.execute("SELECT job, COUNT(*) FROM events WHERE event = $1 GROUP BY job", [event]) {
                if let job = row[0], let count = row[1]?.number { counts[job] = count }
            }
            return counts
        }
    }

    public func recordOutcome(id: String, pages: Int?, warnings: Int) throws {
        try withConnection { (database) throws(PGConnection.Failure) in
            try database.execute("UPDATE jobs SET pages = $1, warnings = $2 WHERE id = $3", [pages.map(String.init), String(warnings), id])
        }
    }

    public func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow] {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { "$\($0)" }
        let count = parameters.count
        return try withConnection { (database) throws(PGConnection.Failure) -> [JobRow] in
            try database.execute("""
                SELECT \(CatalogSQL.rowColumns) FROM jobs \(conditions) \(CatalogSQL.order(filter)) LIMIT $\(count + 1) OFFSET $\(count + 2)
                """, parameters + [String(limit), String(offset)]).map { row in
                JobRow(id: row[0] ?? "", state: QueuedJob.State(rawValue: row[1] ?? "") ?? .failed, stage: row[2] ?? "",
                       attempts: row[3]?.number ?? 0, lastError: row[4], product: row[5], destination: row[6], title: row[7],
                       author: row[8], night: row[9] ?? "", pages: row[10]?.number, warnings: row[11]?.number,
                       createdAt: row[12]?.seconds ?? 0, updatedAt: row[13]?.seconds ?? 0)
            }
        }
    }

    public func countJobs(_ filter: JobFilter, cap: Int) throws -> Int {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { "$\($0)" }
        return try withConnection { (database) throws(PGConnection.Failure) -> Int in
            try database.execute("SELECT COUNT(*) FROM (SELECT 1 FROM jobs \(conditions) LIMIT $\(parameters.count + 1)) capped",
                                 parameters + [String(cap)]).first?.first??.number ?? 0
        }
    }

    public func nights(limit: Int) throws -> [NightRow] {
        try withConnection { (database) throws(PGConnection.Failure) -> [NightRow] in
            let newest = try database.execute("SELECT DISTINCT night FROM jobs ORDER BY night DESC LIMIT $1", [String(limit)])
                .compactMap { $0[0] }
            guard let oldest = newest.last else { return [] }
            let rows = try database.execute("""
                SELECT night, state, COUNT(*), COALESCE(SUM(pages), 0), COALESCE(SUM(warnings), 0), MIN(created_at), MAX(finished_at)
                FROM jobs WHERE night >= $1 GROUP BY night, state
                """, [oldest])
            return CatalogSQL.nights(newest, rows: rows.map { row in
                (row[0] ?? "", row[1] ?? "", row[2]?.number ?? 0, row[3]?.number ?? 0, row[4]?.number ?? 0,
                 row[5]?.seconds ?? 0, row[6]?.seconds)
            })
        }
    }

    /// Rows queued before the catalog existed get their facts once, on the migration.
    func backfillCatalog(_ database: PGConnection) throws(PGConnection.Failure) {
        for row in try database.execute("SELECT id, order_bytes, created_at FROM jobs WHERE night = ''") {
            try recordFacts(database, id: row[0] ?? "", order: row[1].flatMap(Self.data) ?? Data(), queuedAt: row[2]?.seconds ?? 0)
        }
    }

    func recordFacts(_ database: PGConnection, id: String, order: Data, queuedAt: Double) throws(PGConnection.Failure) {
        let facts = OrderFacts(order)
        try database.execute("""
            UPDATE jobs SET product = $1, destination = $2, title = $3, author = $4, search = $5, night = $6 WHERE id = $7
            """, [facts.product, facts.destination, facts.title, facts.author,
                  OrderFacts.searchText(id: id, title: facts.title, author: facts.author), Night.label(at: queuedAt), id])
    }
}
