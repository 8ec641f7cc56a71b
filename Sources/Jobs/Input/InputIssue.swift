import Diagnostics

/// One thing wrong with an input file is a `Diagnostic` with its file, JSON path and entry.
/// Codes: `invalid-json`, `missing-key`, `unknown-key`, `wrong-type`, `invalid-value`,
/// `duplicate-id`, `unknown-reference`, `path-escape`, `not-found`.
public typealias InputIssue = Diagnostic

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

    func add(_ code: DiagnosticCode, _ path: String, _ message: String, entry: String? = nil) {
        issues.append(InputIssue(code: code, file: file, path: path, entry: entry, message: message))
    }

    /// Throws the collected issues, if any.
    func check() throws(InputError) {
        if !issues.isEmpty { throw InputError(issues) }
    }
}
