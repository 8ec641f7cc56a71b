import Foundation

/// Held jobs, the operator's decisions, and the console's catalog, in PostgreSQL.
extension PostgresQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'held', stage = 'held', worker = NULL, lease_until = NULL, last_error = $1, updated_at = $2
                WHERE id = $3 AND worker = $4 AND state = 'running' RETURNING id
                """, [reason, now, id, worker])
            guard !rows.isEmpty else { return false }
            try log(database, id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = $1, retry_floor = attempts, last_error = NULL,
                run_after = $2, updated_at = $2 WHERE id = $3 AND state = 'held' RETURNING id
                """, [actor, now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "approved", worker: actor)
            try notify(database)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { (database) throws(PGConnection.Failure) -> Bool in
            let rows = try database.execute("""
                UPDATE jobs SET state = 'failed', stage = 'failed', last_error = $1, updated_at = $2, finished_at = $2
                WHERE id = $3 AND state = 'held' RETURNING id
                """, [ReviewDecision.rejectionError(by: actor, reason: reason), now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try withConnection { (database) throws(PGConnection.Failure) -> [JobEvent] in
            try database.execute("SELECT at, event, worker, detail FROM events WHERE job = $1 ORDER BY at, id", [id]).map { row in
                JobEvent(at: row[0]?.seconds ?? 0, event: row[1] ?? "", by: row[2], detail: row[3])
            }
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
