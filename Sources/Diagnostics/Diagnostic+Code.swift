/// A diagnostic made and asked by its registered code, so a check names a constant the
/// registry explains instead of a string. `code` stays a string: report.json is unchanged.
extension Diagnostic {
    /// A check's finding: `Finding(.error, .textMissing, "message", page: 3)`.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, page: Int? = nil, object: Int? = nil, entry: String? = nil) {
        self.init(severity, code.name, message, page: page, object: object, entry: entry)
    }

    public func carries(_ code: DiagnosticCode) -> Bool { self.code == code.name }
}
