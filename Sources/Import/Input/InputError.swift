import Diagnostics

/// Every issue found in one or more input files; validation reports all of them, not the first.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var issues: [Diagnostic]

    public init(_ issues: [Diagnostic]) { self.issues = issues }

    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Collects issues while one file is read.
public final class IssueList {
    let file: String
    public private(set) var issues: [Diagnostic] = []

    public init(file: String) { self.file = file }

    public func add(_ code: DiagnosticCode, _ path: String, _ message: String, entry: String? = nil) {
        issues.append(Diagnostic(code: code, file: file, path: path, entry: entry, message: message))
    }

    /// Throws the collected issues, if any.
    public func check() throws(InputError) {
        if !issues.isEmpty { throw InputError(issues) }
    }
}
