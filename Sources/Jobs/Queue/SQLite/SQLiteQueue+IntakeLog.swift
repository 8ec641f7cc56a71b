import Foundation

/// Orders refused at intake, in SQLite.
extension SQLiteQueue: IntakeLog {
    public func recordRejection(_ rejection: RejectedOrder) throws {
        try database.execute(Self.sql("record-rejection"),
                             [.text(rejection.file), rejection.order.map { .text($0) } ?? .null, .text(rejection.reason),
                              .text(rejection.errorFile), .real(rejection.at)])
    }

    public func rejections(limit: Int) throws -> [RejectedOrder] {
        try database.execute(Self.sql("rejections"), [.integer(Int64(limit))]).map(RejectedOrder.init(row:))
    }

    public func rejectionCount() throws -> Int {
        try database.execute(Self.sql("rejection-count")).first?.integer("count") ?? 0
    }
}
