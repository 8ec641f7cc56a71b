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
