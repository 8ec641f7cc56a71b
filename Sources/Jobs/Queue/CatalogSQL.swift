/// SQL both queue drivers share for the console's lists.
enum CatalogSQL {
    /// Held jobs first, then failed, running, queued, cancelled, done: what needs a person
    /// first. Both drivers index this very expression (`SQL/shared/catalog.sql`), so a page of a
    /// million rows is read in index order.
    static let rank = "(CASE state WHEN 'held' THEN 0 WHEN 'failed' THEN 1 WHEN 'running' THEN 2 WHEN 'queued' THEN 3 "
        + "WHEN 'cancelled' THEN 4 ELSE 5 END)"
    /// With a state chosen the rank is one value: the (state, updated_at) index serves the page.
    static func order(_ filter: JobFilter) -> String {
        filter.state == nil ? "ORDER BY \(rank), updated_at DESC, id" : "ORDER BY updated_at DESC, id"
    }
    static let rowColumns = JobRow.columns.joined(separator: ", ")

    /// A parameter of a keyset page, typed: SQLite searches an index only for a number bound as
    /// a number (a cast of a text parameter made it scan a million rows).
    enum Value {
        case text(String), integer(Int), real(Double)

        var text: String {
            switch self {
            case .text(let text): text
            case .integer(let number): String(number)
            case .real(let number): String(number)
            }
        }
    }

    /// The rows after `cursor` in the lists' order, as a union of ranges each read from an
    /// index in its order and cut at `limit` (an OR of them would scan): the same rank and time
    /// with a later id, the same rank with an earlier time, a later rank. A chosen state fixes
    /// the rank, and its own index serves the first two. Within one rank the rank is left out
    /// of a range's ORDER BY: kept, SQLite sorted every row of the range. `placeholder(n, v)` is
    /// numbered (`?n`, `$n::integer`), as each is used more than once.
    static func page(_ filter: JobFilter, after cursor: JobCursor, limit: Int,
                     placeholder: (Int, Value) -> String) -> (sql: String, parameters: [Value]) {
        let (conditions, filters) = conditions(filter) { placeholder($0, .text("")) }
        var parameters = filters.map(Value.text)
        func next(_ value: Value) -> String {
            parameters.append(value)
            return placeholder(parameters.count, value)
        }
        let prefix = conditions.isEmpty ? "WHERE " : conditions + " AND "
        let time = next(.real(cursor.updatedAt)), id = next(.text(cursor.id)), lim = next(.integer(limit))
        let rank = filter.state == nil ? next(.integer(cursor.rank)) : ""
        let sameRank = filter.state == nil ? "\(self.rank) = \(rank) AND " : ""
        var ranges = [("\(sameRank)updated_at = \(time) AND id > \(id)", "ORDER BY id"),
                      ("\(sameRank)updated_at < \(time)", "ORDER BY updated_at DESC, id")]
        if filter.state == nil { ranges.append(("\(self.rank) > \(rank)", order(filter))) }
        let branches = ranges.enumerated().map { index, range in
            "SELECT * FROM (SELECT \(rowColumns), \(self.rank) AS list_rank FROM jobs \(prefix)\(range.0) \(range.1) LIMIT \(lim)) branch\(index)"
        }
        let sql = "SELECT \(rowColumns) FROM (" + branches.joined(separator: " UNION ALL ") + ") page "
            + "ORDER BY list_rank, updated_at DESC, id LIMIT \(lim)"
        return (sql, parameters)
    }

    /// The WHERE clause for `filter`, with `placeholder(n)` for the nth parameter (`?` or `$n`),
    /// and the parameters in order.
    static func conditions(_ filter: JobFilter, placeholder: (Int) -> String) -> (sql: String, parameters: [String]) {
        var clauses: [String] = [], parameters: [String] = []
        func add(_ column: String, _ value: String?, like: Bool = false) {
            guard let value, !value.isEmpty else { return }
            parameters.append(value)
            clauses.append(like ? "\(column) LIKE \(placeholder(parameters.count)) ESCAPE '\\'"
                                : "\(column) = \(placeholder(parameters.count))")
        }
        add("state", filter.state?.rawValue)
        add("product", filter.product)
        add("destination", filter.destination)
        add("night", filter.night)
        add("search", filter.likePattern, like: true)
        return (clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND "), parameters)
    }
}

extension CatalogSQL {
    /// Nights from the rows of `nights.sql` (jobs by night and state), in the order of `newest`.
    static func nights(_ newest: [String], rows: [QueueRow]) throws(RowError) -> [NightRow] {
        var byNight: [String: NightRow] = [:]
        for result in rows {
            let night = try result.text("night")
            guard newest.contains(night) else { continue }
            let state = try result.text("state"), count = try result.integer("count"), pages = try result.integer("pages")
            let warnings = try result.integer("warnings"), first = try result.real("first_queued")
            let last = try result.optionalReal("last_finished")
            var row = byNight[night] ?? NightRow(night: night, counts: [:], pages: 0, warnings: 0, firstQueuedAt: first, lastFinishedAt: nil)
            row.counts[state, default: 0] += count
            // Pages and warnings count the books made and the jobs held or failed, as the report does.
            row.pages += pages
            row.warnings += warnings
            row.firstQueuedAt = min(row.firstQueuedAt, first)
            if let last { row.lastFinishedAt = max(row.lastFinishedAt ?? last, last) }
            byNight[night] = row
        }
        return newest.compactMap { byNight[$0] }
    }
}
