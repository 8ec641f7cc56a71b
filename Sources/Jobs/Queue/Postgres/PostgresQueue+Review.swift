import Foundation

/// Held jobs, the operator's decisions and the timeline, in PostgreSQL.
extension PostgresQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("hold"), [reason, now, id, worker])
            guard !rows.isEmpty else { return false }
            try log(database, id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("approve"), [actor, now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "approved", worker: actor)
            try notify(database)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("reject"), [ReviewDecision.rejectionError(by: actor, reason: reason), now, id])
            guard !rows.isEmpty else { return false }
            try log(database, id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try withConnection { database -> [JobEvent] in
            try database.execute(Self.sql("events"), [id]).map(JobEvent.init(row:))
        }
    }
}
