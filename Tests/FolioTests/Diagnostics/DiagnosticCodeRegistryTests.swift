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
        let distinct = Set(walk.atPositions.map(\.code))
        // About 130 codes are raised; far fewer means the walk looks in the wrong places.
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
        let walk = try Self.walk.get()
        let written = Set(walk.atPositions.map(\.code))
        for code in DiagnosticCodes.all where !written.contains(code.name) && !walk.constantReferences.contains(Self.constantName(code)) {
            Issue.record("\(code.name) is registered but nothing in Sources raises it")
        }
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

    /// The Swift name a registered code is reached by, as the registry's files declare it.
    static func constantName(_ code: DiagnosticCode) -> String {
        let folder = repositoryRoot.appendingPathComponent("Sources/Diagnostics")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.lastPathComponent.hasPrefix("DiagnosticCodes") {
            guard let text = try? String(contentsOf: file, encoding: .utf8),
                  let match = text.range(of: #"static let (\w+) = DiagnosticCode\("\#(code.name)""#, options: .regularExpression) else { continue }
            return String(text[match].dropFirst("static let ".count).prefix { $0 != " " })
        }
        return ""
    }
}
