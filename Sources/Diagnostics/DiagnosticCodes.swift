/// Every code a `Diagnostic` can carry, grouped by stage (one file a stage group beside this
/// one, each code a constant of `DiagnosticCode`: `.textMissing`). The codes a job ENDS with are `FailureCodes`; a code is in both only when it is both.
/// docs/reference.md's table is `DiagnosticCodes.markdownTable`; `DiagnosticCodeRegistryTests`
/// walks the sources for code literals and compares the table.
public enum DiagnosticCodes {
    /// In the order of the stages (the test checks it), so the table reads as the pipeline runs.
    public static let all: [DiagnosticCode] = input + imports + render + resume + verify + verifyPDF + verifyEPUB

    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    public static func code(_ name: String) -> DiagnosticCode? { byName[name] }

    /// docs/reference.md's table of these codes, grouped by stage.
    public static var markdownTable: String {
        (["| code | stage | severity | meaning |", "| --- | --- | --- | --- |"]
            + all.map { "| `\($0.name)` | \($0.stage.rawValue) | \($0.severity.rawValue) | \($0.meaning) |" }).joined(separator: "\n")
    }
}
