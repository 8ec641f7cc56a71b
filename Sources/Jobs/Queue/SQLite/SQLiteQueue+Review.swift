import Foundation

/// Held jobs, the operator's decisions and the timeline, in SQLite.
extension SQLiteQueue {
    public func hold(id: String, worker: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("hold"), [.text(reason), .real(now), .text(id), .text(worker)])
            guard !rows.isEmpty else { return false }
            try log(id, "held", worker: worker, detail: reason)
            return true
        }
    }

    public func approve(_ id: String, by actor: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            // A fresh retry budget, as a manual retry: the delivery may still need its retries.
            let rows = try database.execute(Self.sql("approve"), [.text(actor), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "approved", worker: actor)
            return true
        }
    }

    public func reject(_ id: String, by actor: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("reject"),
                                            [.text(ReviewDecision.rejectionError(by: actor, reason: reason)), .real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, "rejected", worker: actor, detail: reason)
            return true
        }
    }

    public func events(_ id: String) throws -> [JobEvent] {
        try database.execute(Self.sql("events"), [.text(id)]).map(JobEvent.init(row:))
    }
}
