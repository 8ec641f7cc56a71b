/// One thing wrong with an input file: where it is (file, JSON path, entry) and what is allowed.
public struct InputIssue: Sendable, Equatable, CustomStringConvertible {
    /// Stable, for scripts and tests: `invalid-json`, `missing-key`, `unknown-key`, `wrong-type`,
    /// `invalid-value`, `duplicate-id`, `unknown-reference`, `path-escape`, `not-found`.
    public var code: String
    public var file: String
    /// A JSON path such as `book.scope` or `entries[3].created_at`; empty for the whole file.
    public var path: String
    public var entry: String?
    public var message: String

    public init(code: String, file: String, path: String, entry: String? = nil, message: String) {
        self.code = code
        self.file = file
        self.path = path
        self.entry = entry
        self.message = message
    }

    public var description: String {
        var place = file
        if !path.isEmpty { place += ": \(path)" }
        if let entry { place += " (entry \(entry))" }
        return "\(place): \(message)"
    }
}

/// Every issue found in one or more input files; validation reports all of them, not the first.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var issues: [InputIssue]

    public init(_ issues: [InputIssue]) { self.issues = issues }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Collects issues while one file is read.
final class IssueList {
    let file: String
    private(set) var issues: [InputIssue] = []

    init(file: String) { self.file = file }

    func add(_ code: String, _ path: String, _ message: String, entry: String? = nil) {
        issues.append(InputIssue(code: code, file: file, path: path, entry: entry, message: message))
    }

    /// Throws the collected issues, if any.
    func check() throws(InputError) {
        if !issues.isEmpty { throw InputError(issues) }
    }
}
