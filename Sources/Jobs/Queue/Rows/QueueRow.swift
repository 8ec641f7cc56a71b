import Foundation

/// One row of a queue query's result, read by column name into typed values. The statements
/// name every column they return (`AS count` for an expression), so both drivers' rows read
/// alike whatever order a statement selects in.
struct QueueRow: Sendable {
    /// Each column's position, shared by every row of one result.
    let positions: [String: Int]
    let values: [SQLValue]

    private func value(_ column: String) throws(RowError) -> SQLValue {
        guard let index = positions[column], values.indices.contains(index) else { throw RowError(column: column, problem: .missing) }
        return values[index]
    }

    /// The column's value through `convert`; NULL is nil; a value `convert` refuses is an error.
    private func read<T>(_ column: String, _ expected: String, _ convert: (SQLValue) -> T?) throws(RowError) -> T? {
        let value = try value(column)
        if value == .null { return nil }
        guard let converted = convert(value) else {
            throw RowError(column: column, problem: .mistyped(expected: expected, found: value.kind))
        }
        return converted
    }

    /// A value that must be there: NULL is an error too.
    private func required<T>(_ column: String, _ expected: String, _ convert: (SQLValue) -> T?) throws(RowError) -> T {
        guard let value = try read(column, expected, convert) else {
            throw RowError(column: column, problem: .mistyped(expected: expected, found: SQLValue.null.kind))
        }
        return value
    }

    func optionalText(_ column: String) throws(RowError) -> String? { try read(column, "text", Self.text) }
    func text(_ column: String) throws(RowError) -> String { try required(column, "text", Self.text) }
    func optionalInteger(_ column: String) throws(RowError) -> Int? { try read(column, "an integer", Self.integer) }
    func integer(_ column: String) throws(RowError) -> Int { try required(column, "an integer", Self.integer) }
    func optionalReal(_ column: String) throws(RowError) -> Double? { try read(column, "a number", Self.real) }
    func real(_ column: String) throws(RowError) -> Double { try required(column, "a number", Self.real) }
    func blob(_ column: String) throws(RowError) -> Data { try required(column, "bytes", Self.blob) }

    /// A column holding one of `T`'s raw values (a job's state).
    func value<T: RawRepresentable>(_ column: String, as type: T.Type) throws(RowError) -> T where T.RawValue == String {
        try required(column, "one of \(T.self)'s values") { Self.text($0).flatMap(T.init(rawValue:)) }
    }

    private static func text(_ value: SQLValue) -> String? { if case .text(let text) = value { text } else { nil } }
    private static func blob(_ value: SQLValue) -> Data? { if case .blob(let data) = value { data } else { nil } }
    /// Counts arrive as integers or, as sums on PostgreSQL (numeric), as whole decimals.
    private static func integer(_ value: SQLValue) -> Int? {
        switch value {
        case .integer(let number): Int(exactly: number)
        case .real(let number): number.isFinite && number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        default: nil
        }
    }
    private static func real(_ value: SQLValue) -> Double? {
        switch value {
        case .real(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }
}
