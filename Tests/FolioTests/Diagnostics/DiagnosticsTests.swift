import Diagnostics
import Foundation
import FolioTestSupport
import Testing

/// The registry of codes a job ends with: every such code in the sources is registered, the
/// retry decision follows it, and the table in docs/reference.md is the registry's.
@Suite struct DiagnosticsTests {
    /// Where a job-ending code is written: a job error, a report's failure, a render error
    /// (the pipeline passes its code on), review's rejection.
    static let patterns = [#"failed\(code: "([a-z0-9-]+)""#, #"Failure\(code: "([a-z0-9-]+)""#,
                           #"RenderError\(code: "([a-z0-9-]+)""#, #"rejectedCode = "([a-z0-9-]+)""#]

    @Test func everyCodeAJobCanEndWithIsRegistered() throws {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var found: [String: String] = [:]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for pattern in Self.patterns {
                for match in try NSRegularExpression(pattern: pattern).matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    guard let range = Range(match.range(at: 1), in: text) else { continue }
                    found[String(text[range])] = file.lastPathComponent
                }
            }
        }
        #expect(found.count >= 12, "the walk found too few codes to be looking in the right places: \(found)")
        for (code, file) in found.sorted(by: { $0.key < $1.key }) {
            #expect(FailureCodes.code(code) != nil, "\(file) ends a job with \(code), which Sources/Diagnostics/FailureCodes.swift does not list")
        }
    }

    @Test func theRetryDecisionFollowsTheRegistry() {
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
