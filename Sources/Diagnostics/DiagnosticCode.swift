/// A code a `Diagnostic` can carry: the stage that raises it, its usual severity and what it
/// means. `Diagnostic.code` stays a string (report.json's contract); this says what the string
/// is, and `DiagnosticCodes` lists every one so a new code cannot slip in unexplained.
public struct DiagnosticCode: Sendable, Equatable, CustomStringConvertible {
    /// Where in a job (or in `folio verify`) the code is raised, in the order of the pipeline.
    public enum Stage: String, Sendable, CaseIterable {
        /// Reading the order, its journal and the configuration it names.
        case input
        /// Reading a diary app's export into entries, and accounting for what is not printed.
        case `import`
        /// Setting and drawing the interior, the cover and the EPUB, and placing photos.
        case render
        /// A resumed attempt checking the work of an earlier one.
        case resume
        /// Either verifier, PDF or EPUB.
        case verify
        case verifyPDF = "verify-pdf"
        case verifyEPUB = "verify-epub"
    }

    public var name: String
    public var stage: Stage
    /// The severity it is raised with; `ink-limit-exceeded` follows the product's setting.
    public var severity: Diagnostic.Severity
    public var meaning: String

    public init(_ name: String, _ stage: Stage, _ severity: Diagnostic.Severity, _ meaning: String) {
        self.name = name
        self.stage = stage
        self.severity = severity
        self.meaning = meaning
    }

    /// The code as `Diagnostic.code` and report.json spell it.
    public var description: String { name }
}
