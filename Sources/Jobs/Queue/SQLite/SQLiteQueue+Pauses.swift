import Foundation

/// Pauses in SQLite.
extension SQLiteQueue: PauseStore {
    public func pause(_ target: PauseTarget, by actor: String, reason: String) throws -> Bool {
        try !database.execute(Self.sql("pause"), [.text(target.kind), .text(target.name), .text(reason), .text(actor),
                                                   .real(environment.now())]).isEmpty
    }

    public func resume(_ target: PauseTarget) throws -> Bool {
        try !database.execute(Self.sql("resume"), [.text(target.kind), .text(target.name)]).isEmpty
    }

    public func pauses() throws -> [Pause] {
        try database.execute(Self.sql("pauses")).compactMap(Pause.init(row:))
    }
}
