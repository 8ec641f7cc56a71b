import Foundation

/// An order file the hot folder refused: never a job, so kept apart, with why and where its
/// error file is.
public struct RejectedOrder: Sendable, Equatable, Codable {
    /// The file's name in the hot folder.
    public var file: String
    /// The order's id, when the file was an order far enough to have one.
    public var order: String?
    public var reason: String
    /// `inbox/rejected/NAME.error.txt`.
    public var errorFile: String
    public var at: Double

    public init(file: String, order: String?, reason: String, errorFile: String, at: Double) {
        self.file = file
        self.order = order
        self.reason = reason
        self.errorFile = errorFile
        self.at = at
    }

    enum CodingKeys: String, CodingKey {
        case file, order, reason, at
        case errorFile = "error_file"
    }

    init(row: QueueRow) throws {
        self.init(file: try row.text("file"), order: try row.optionalText("order_id"), reason: try row.text("reason"),
                  errorFile: try row.text("error_file"), at: try row.real("at"))
    }
}

/// The queue's record of orders refused at intake (issue 34): an order that never became a
/// job would otherwise show only as a file in `inbox/rejected/`.
public protocol IntakeLog {
    func recordRejection(_ rejection: RejectedOrder) throws
    /// The newest first.
    func rejections(limit: Int) throws -> [RejectedOrder]
    func rejectionCount() throws -> Int
}
