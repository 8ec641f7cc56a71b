import Foundation

/// The console's catalog in PostgreSQL: the lists, nights and event counts, and the order facts they read.
extension PostgresQueue: ConsoleCatalog {
    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        try withConnection { database -> [String: Int] in
            var counts: [String: Int] = [:]
            for row in try database.execute(Self.sql("event-counts"), [event]) {
                counts[try row.text("job")] = try row.integer("count")
            }
            return counts
        }
    }

    public func recordOutcome(id: String, pages: Int?, warnings: Int) throws {
        try withConnection { database in
            try database.execute(Self.sql("record-outcome"), [pages.map(String.init), String(warnings), id])
        }
    }

    public func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow] {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { "$\($0)" }
        let count = parameters.count
        return try withConnection { database -> [JobRow] in
            try database.execute("""
                SELECT \(CatalogSQL.rowColumns) FROM jobs \(conditions) \(CatalogSQL.order(filter)) LIMIT $\(count + 1) OFFSET $\(count + 2)
                """, parameters + [String(limit), String(offset)]).map(JobRow.init(row:))
        }
    }

    public func listJobs(_ filter: JobFilter, limit: Int, after cursor: JobCursor) throws -> [JobRow] {
        let (sql, parameters) = CatalogSQL.page(filter, after: cursor, limit: limit) { index, value in
            switch value {
            case .text: "$\(index)"
            case .integer: "$\(index)::integer"
            case .real: "$\(index)::double precision"
            }
        }
        return try withConnection { database -> [JobRow] in try database.execute(sql, parameters.map(\.text)).map(JobRow.init(row:)) }
    }

    public func countJobs(_ filter: JobFilter, cap: Int) throws -> Int {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { "$\($0)" }
        return try withConnection { database -> Int in
            try database.execute("SELECT COUNT(*) AS count FROM (SELECT 1 FROM jobs \(conditions) LIMIT $\(parameters.count + 1)) capped",
                                 parameters + [String(cap)]).first?.integer("count") ?? 0
        }
    }

    public func nights(limit: Int) throws -> [NightRow] {
        try withConnection { database -> [NightRow] in
            let newest = try database.execute(Self.sql("nights-newest"), [String(limit)])
                .map { try $0.text("night") }
            guard let oldest = newest.last else { return [] }
            return try CatalogSQL.nights(newest, rows: database.execute(Self.sql("nights"), [oldest]))
        }
    }

    /// Rows queued before the catalog existed get their facts once, on the migration.
    func backfillCatalog(_ database: PGConnection) throws {
        for row in try database.execute(Self.sql("backfill-catalog")) {
            try recordFacts(database, id: try row.text("id"), order: try row.blob("order_bytes"), queuedAt: try row.real("created_at"))
        }
    }

    func recordFacts(_ database: PGConnection, id: String, order: Data, queuedAt: Double) throws {
        let facts = OrderFacts(order)
        try database.execute(Self.sql("record-facts"), [facts.product, facts.destination, facts.title, facts.author,
                  OrderFacts.searchText(id: id, title: facts.title, author: facts.author), environment.night.label(at: queuedAt), id])
    }
}
