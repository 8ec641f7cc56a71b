import Foundation

/// A value as a queue's database holds it: SQLite's storage classes, which PostgreSQL's text
/// results are read into by their column's type (`PGConnection`).
enum SQLValue: Sendable, Equatable {
    case integer(Int64), real(Double), text(String), blob(Data), null

    /// What it is, for an error that says what a column held instead.
    var kind: String {
        switch self {
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "bytes"
        case .null: "NULL"
        }
    }
}
