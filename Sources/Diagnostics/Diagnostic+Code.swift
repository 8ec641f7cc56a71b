/// A diagnostic made and asked by its registered code, so a check names a constant the
/// registry explains instead of a string. `code` stays a string: report.json is unchanged.
extension Diagnostic {
    /// A check's finding: `Diagnostic(.error, .textMissing, "message", page: 3)`.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, page: Int? = nil, object: Int? = nil, entry: String? = nil) {
        self.init(severity, code.name, message, page: page, object: object, entry: entry)
    }

    /// Any diagnostic, its place and hint given by name.
    public init(severity: Severity, code: DiagnosticCode, message: String, entry: String? = nil, page: Int? = nil, object: Int? = nil,
                file: String? = nil, path: String? = nil, hint: String? = nil) {
        self.init(severity: severity, code: code.name, message: message, entry: entry, page: page, object: object, file: file, path: path, hint: hint)
    }

    /// An input file's problem: `Diagnostic(code: .missingKey, file: …, path: …, message: …)`.
    public init(code: DiagnosticCode, file: String, path: String, entry: String? = nil, message: String) {
        self.init(code: code.name, file: file, path: path, entry: entry, message: message)
    }

    /// A renderer's notice: `Diagnostic(code: .missingGlyphs, message: …)`.
    public init(code: DiagnosticCode, message: String, entry: String? = nil, page: Int? = nil, isInformational: Bool = false) {
        self.init(code: code.name, message: message, entry: entry, page: page, isInformational: isInformational)
    }

    public func carries(_ code: DiagnosticCode) -> Bool { self.code == code.name }
}
