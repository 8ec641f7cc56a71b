import Foundation

/// Jobs whose delivery is unknown and the operator's word on them, in SQLite.
extension SQLiteQueue {
    public func awaitDecision(id: String, worker: String, reason: String) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("await-decision"), [.text(reason), .real(now), .text(id), .text(worker)])
            guard !rows.isEmpty else { return false }
            try log(id, DeliveryDecision.unknownEvent, worker: worker, detail: reason)
            return true
        }
    }

    public func confirmArrival(_ id: String, by actor: String) throws -> Bool {
        try decide(id, statement: Self.sql("arrived"), event: DeliveryDecision.arrivedEvent, by: actor, detail: nil)
    }

    public func sendAgain(_ id: String, by actor: String, reason: String) throws -> Bool {
        try decide(id, statement: Self.sql("send-again"), event: DeliveryDecision.sendAgainEvent, by: actor, detail: reason)
    }

    private func decide(_ id: String, statement: String, event: String, by actor: String, detail: String?) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(statement, [.real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            try log(id, event, worker: actor, detail: detail)
            return true
        }
    }
}
