/// A row that does not hold what its reader expects: the column is not in the result, or it
/// holds another type (or NULL where a value must be). Names the column, so a changed
/// statement is found at once rather than read as a zero or an empty string.
public struct RowError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case missing
        case mistyped(expected: String, found: String)
    }

    public var column: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .missing: "the queue's result has no column \"\(column)\""
        case .mistyped(let expected, let found): "the queue's column \"\(column)\" holds \(found), not \(expected)"
        }
    }
}
