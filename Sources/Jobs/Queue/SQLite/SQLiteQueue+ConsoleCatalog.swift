import Foundation

/// The console's catalog in SQLite: the lists, nights and event counts, and the order facts they read.
extension SQLiteQueue: ConsoleCatalog {
    /// How many times each job reached `event` (tests: every job done exactly once).
    public func eventCounts(_ event: String) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try database.execute(Self.sql("event-counts"), [.text(event)]) {
            counts[try row.text("job")] = try row.integer("count")
        }
        return counts
    }

    public func recordOutcome(id: String, pages: Int?, warnings: Int) throws {
        try database.execute(Self.sql("record-outcome"),
                             [pages.map { .integer(Int64($0)) } ?? .null, .integer(Int64(warnings)), .text(id)])
    }

    public func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow] {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { _ in "?" }
        return try database.execute("""
            SELECT \(CatalogSQL.rowColumns) FROM jobs \(conditions) \(CatalogSQL.order(filter)) LIMIT ? OFFSET ?
            """, parameters.map { .text($0) } + [.integer(Int64(limit)), .integer(Int64(offset))]).map(JobRow.init(row:))
    }

    public func listJobs(_ filter: JobFilter, limit: Int, after cursor: JobCursor) throws -> [JobRow] {
        let (sql, parameters) = CatalogSQL.page(filter, after: cursor, limit: limit) { index, _ in "?\(index)" }
        return try database.execute(sql, parameters.map { value -> SQLiteDatabase.Value in
            switch value {
            case .text(let text): .text(text)
            case .integer(let number): .integer(Int64(number))
            case .real(let number): .real(number)
            }
        }).map(JobRow.init(row:))
    }

    public func countJobs(_ filter: JobFilter, cap: Int) throws -> Int {
        let (conditions, parameters) = CatalogSQL.conditions(filter) { _ in "?" }
        return try database.execute("SELECT COUNT(*) AS count FROM (SELECT 1 FROM jobs \(conditions) LIMIT ?)",
                                    parameters.map { .text($0) } + [.integer(Int64(cap))]).first?.integer("count") ?? 0
    }

    public func nights(limit: Int) throws -> [NightRow] {
        let newest = try database.execute(Self.sql("nights-newest"), [.integer(Int64(limit))])
            .map { try $0.text("night") }
        guard let oldest = newest.last else { return [] }
        return try CatalogSQL.nights(newest, rows: database.execute(Self.sql("nights"), [.text(oldest)]))
    }

    /// Rows queued before the catalog existed get their facts once, on the migration.
    func backfillCatalog() throws {
        for row in try database.execute(Self.sql("backfill-catalog")) {
            try recordFacts(id: try row.text("id"), order: try row.blob("order_bytes"), queuedAt: try row.real("created_at"))
        }
    }

    func recordFacts(id: String, order: Data, queuedAt: Double) throws {
        let facts = OrderFacts(order)
        func text(_ value: String?) -> SQLiteDatabase.Value { value.map { .text($0) } ?? .null }
        try database.execute(Self.sql("record-facts"),
                             [text(facts.product), text(facts.destination), text(facts.title), text(facts.author),
                              .text(OrderFacts.searchText(id: id, title: facts.title, author: facts.author)),
                              .text(environment.night.label(at: queuedAt)), .text(id)])
    }
}
