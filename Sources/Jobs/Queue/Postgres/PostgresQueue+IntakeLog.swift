import Foundation

/// Orders refused at intake, in PostgreSQL.
extension PostgresQueue: IntakeLog {
    public func recordRejection(_ rejection: RejectedOrder) throws {
        try transaction { database in
            _ = try database.execute(Self.sql("record-rejection"),
                                     [rejection.file, rejection.order, rejection.reason, rejection.errorFile, String(rejection.at)])
        }
    }

    public func rejections(limit: Int) throws -> [RejectedOrder] {
        try withConnection { database in try database.execute(Self.sql("rejections"), [String(limit)]).map(RejectedOrder.init(row:)) }
    }

    public func rejectionCount() throws -> Int {
        try withConnection { database in try database.execute(Self.sql("rejection-count")).first?.integer("count") ?? 0 }
    }
}
