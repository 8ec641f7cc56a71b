import Diagnostics
import Foundation
import FolioTestSupport
import Testing

/// The registry of every code a `Diagnostic` carries: each code the sources write is
/// registered, no registered code is written where this walk does not look, none is dead, and
/// docs/reference.md's table is the registry's.
@Suite struct DiagnosticCodeRegistryTests {
    static let walk = Result {
        try SourceCodeLiterals(sources: repositoryRoot.appendingPathComponent("Sources")) { file in
            file.deletingLastPathComponent().lastPathComponent == "Diagnostics"
                && (file.lastPathComponent.hasPrefix("DiagnosticCode") || file.lastPathComponent.hasPrefix("FailureCode"))
        }
    }

    static func registered(_ code: String) -> Bool { DiagnosticCodes.code(code) != nil || FailureCodes.code(code) != nil }

    @Test func everyCodeWrittenWhereADiagnosticIsMadeIsRegistered() throws {
        let walk = try Self.walk.get()
        let distinct = Self.raised(by: walk)
        // About 115 codes are raised; far fewer means the walk looks in the wrong places.
        #expect(distinct.count >= 100, "the walk found only \(distinct.count) codes: \(distinct.sorted())")
        for literal in walk.atPositions where !Self.registered(literal.code) {
            Issue.record("\(literal.place) writes the code \(literal.code), which no registry in Sources/Diagnostics lists")
        }
    }

    @Test func noRegisteredCodeIsWrittenInAFormTheWalkDoesNotKnow() throws {
        let walk = try Self.walk.get()
        for literal in walk.elsewhere where Self.registered(literal.code) {
            let problem = "\(literal.place) writes \"\(literal.code)\" where SourceCodeLiterals does not look for codes"
            Issue.record("\(problem): use a form it knows, or teach it this one")
        }
    }

    @Test func everyRegisteredCodeIsRaisedSomewhere() throws {
        let raised = Self.raised(by: try Self.walk.get())
        for code in DiagnosticCodes.all where !raised.contains(code.name) {
            Issue.record("\(code.name) is registered but nothing in Sources raises it")
        }
    }

    /// Prepress/Verify names every code by its constant, so a finding's code is checked by the
    /// compiler as well as by this walk.
    @Test func theVerifiersWriteNoCodeLiterals() throws {
        let walk = try Self.walk.get()
        let literals = walk.atPositions + walk.elsewhere.filter { Self.registered($0.code) }
        for literal in literals where literal.file.hasPrefix("Sources/Prepress/Verify/") {
            Issue.record("\(literal.place) writes the code \"\(literal.code)\": name it by its constant, DiagnosticCode.\(Self.constantNames[literal.code] ?? "…")")
        }
        #expect(walk.constants.contains { $0.file.hasPrefix("Sources/Prepress/Verify/") }, "the walk found no code constant in Prepress/Verify")
    }

    @Test func theRegistryIsOneListInStageOrder() {
        let names = DiagnosticCodes.all.map(\.name)
        #expect(Set(names).count == names.count, "a code is listed twice: \(names.filter { name in names.filter { $0 == name }.count > 1 })")
        let ranks = DiagnosticCodes.all.map { code in DiagnosticCode.Stage.allCases.firstIndex(of: code.stage) ?? 0 }
        #expect(ranks == ranks.sorted(), "DiagnosticCodes.all is not grouped in the order of the stages")
        #expect(DiagnosticCodes.code("text-missing")?.stage == .verify)
        #expect(DiagnosticCodes.code("paragraph-loose")?.severity == .info)
        #expect(DiagnosticCodes.code("no-such-code") == nil)
    }

    @Test func referenceShowsTheRegistry() throws {
        let reference = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let begin = try #require(reference.range(of: "<!-- diagnostic-codes:begin -->"))
        let end = try #require(reference.range(of: "<!-- diagnostic-codes:end -->", range: begin.upperBound..<reference.endIndex))
        let table = reference[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(table == DiagnosticCodes.markdownTable,
                "docs/reference.md's diagnostic table differs from the registry; it should read:\n\(DiagnosticCodes.markdownTable)")
    }

    /// Every code the sources raise: written as a literal, or named by its constant.
    static func raised(by walk: SourceCodeLiterals) -> Set<String> {
        let byConstant = Dictionary(constantNames.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return Set(walk.atPositions.map(\.code) + walk.constants.compactMap { byConstant[$0.code] })
    }

    /// Each registered code's Swift constant, as the registry's files declare it.
    static let constantNames: [String: String] = {
        let folder = repositoryRoot.appendingPathComponent("Sources/Diagnostics")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        var names: [String: String] = [:]
        for file in files where file.lastPathComponent.hasPrefix("DiagnosticCodes") {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: /static let (\w+) = DiagnosticCode\("([a-z0-9-]+)"/) else { continue }
                names[String(match.2)] = String(match.1)
            }
        }
        return names
    }()
}
