import Foundation

/// Held jobs, the operator's decisions, and the console's catalog, in SQLite.
extension SQLiteQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'held', stage = 'held', worker = NULL, lease_until = NULL, last_error = ?, updated_at = ?
                WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
                """, [.text(reason), .real(now), .text(id), .text(worker)])
            guard !rows.isEmpty else { return false }
            try log(id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            // A fresh retry budget, as a manual retry: the delivery may still need its retries.
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = ?, retry_floor = attempts, last_error = NULL,
                run_after = ?, updated_at = ? WHERE id = ? AND state = 'held' RETURNING id
                """, [.text(actor), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "approved", worker: actor)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws(SQLiteDatabase.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'failed', stage = 'failed', last_error = ?, updated_at = ?, finished_at = ?
                WHERE id = ? AND state = 'held' RETURNING id
                """, [.text(ReviewDecision.rejectionError(by: actor, reason: reason)), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try database.execute("SELECT at, event, worker, detail FROM events WHERE job = ? ORDER BY at, rowid", [.text(id)]).map { row in
            JobEvent(at: row[0].real ?? 0, event: row[1].text ?? "", by: row[2].text, detail: row[3].text)
        }
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
