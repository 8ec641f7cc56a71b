import Foundation

/// Pauses in PostgreSQL; a resumed destination NOTIFYs the runners, whose jobs may now be claimed.
extension PostgresQueue: PauseStore {
    public func pause(_ target: PauseTarget, by actor: String, reason: String) throws -> Bool {
        try transaction { database in
            try !database.execute(Self.sql("pause"), [target.kind, target.name, reason, actor, String(environment.now())]).isEmpty
        }
    }

    public func resume(_ target: PauseTarget) throws -> Bool {
        try transaction { database in
            let resumed = try !database.execute(Self.sql("resume"), [target.kind, target.name]).isEmpty
            if resumed { try notify(database) }
            return resumed
        }
    }

    public func pauses() throws -> [Pause] {
        try withConnection { database in try database.execute(Self.sql("pauses")).compactMap(Pause.init(row:)) }
    }
}
