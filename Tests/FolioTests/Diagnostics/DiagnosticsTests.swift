import Diagnostics
import Foundation
import FolioTestSupport
import Testing

/// The registry of codes a job ends with: every constant is registered, the retry decision
/// follows it, and the table in docs/reference.md is the registry's.
@Suite struct DiagnosticsTests {
    /// A job ends only with a `FailureCode` constant (`JobError.failed(code:)`,
    /// `JobReport.Failure(code:)`, `RenderError(code:)`; no literal, as
    /// `DiagnosticCodeRegistryTests` checks); each constant must be in the list the retry
    /// decision and the table read, or it would be silently final.
    @Test func everyCodeAJobCanEndWithIsRegistered() {
        let declared = DiagnosticCodeRegistryTests.declared(FailureCode.self)
        #expect(declared.count >= 12, "found too few FailureCode constants to be reading the right files: \(declared)")
        for (code, constant) in declared.sorted(by: { $0.key < $1.key }) {
            #expect(FailureCodes.code(code) != nil, "FailureCode.\(constant) (\(code)) is not in FailureCodes.all")
        }
        #expect(declared.count == FailureCodes.all.count)
    }

    @Test func theRetryDecisionFollowsTheRegistry() {
        #expect(FailureCode.crashed.retry == .afterBackoff)
        #expect(FailureCodes.retry(after: FailureCode.ledgerUnreadable.name) == .afterBackoff)
        #expect(FailureCodes.retry(after: "upload-failed") == .afterBackoff)
        #expect(FailureCodes.retry(after: "out-of-space") == .afterBackoff)
        #expect(FailureCodes.retry(after: "delivery-refused") == .byOperator)
        #expect(FailureCodes.retry(after: "verification-failed") == .byOperator)
        // A rejected order's first issue is its code: final, as `invalid-input` is.
        #expect(FailureCodes.retry(after: "missing-key") == .byOperator)
        #expect(Set(FailureCodes.all.map(\.name)).count == FailureCodes.all.count, "a code is listed twice")
    }

    @Test func referenceShowsTheRegistry() throws {
        let reference = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let begin = try #require(reference.range(of: "<!-- failure-codes:begin -->"))
        let end = try #require(reference.range(of: "<!-- failure-codes:end -->", range: begin.upperBound..<reference.endIndex))
        let table = reference[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(table == FailureCodes.markdownTable, "docs/reference.md's table differs from the registry; it should read:\n\(FailureCodes.markdownTable)")
    }
}
