import Diagnostics
import Foundation
import FolioTestSupport
import Testing

/// The registry of every code a `Diagnostic` carries: the sources name codes only by the
/// registry's constants, every constant is registered, none is dead, and docs/reference.md's
/// table is the registry's.
@Suite struct DiagnosticCodeRegistryTests {
    static let walk = Result {
        try SourceCodeLiterals(sources: repositoryRoot.appendingPathComponent("Sources")) { file in
            file.deletingLastPathComponent().lastPathComponent == "Diagnostics"
                && (file.lastPathComponent.hasPrefix("DiagnosticCode") || file.lastPathComponent.hasPrefix("FailureCode"))
        }
    }

    static func registered(_ code: String) -> Bool { DiagnosticCodes.code(code) != nil || FailureCodes.code(code) != nil }

    /// Outside Sources/Diagnostics every code is named by its constant (`.textMissing`,
    /// `FailureCode.crashed`), so the compiler checks it is registered: no code is a string
    /// literal, wherever it is made, compared, listed or chosen.
    @Test func noCodeLiteralOutsideTheRegistry() throws {
        let walk = try Self.walk.get()
        let literals = walk.atPositions + walk.elsewhere.filter { Self.registered($0.code) }
        for literal in literals where !literal.file.hasPrefix("Sources/Diagnostics/") {
            let constant = Self.constantNames[literal.code].map { "DiagnosticCode.\($0)" }
                ?? Self.declared(FailureCode.self)[literal.code].map { "FailureCode.\($0)" } ?? "a constant in Sources/Diagnostics"
            Issue.record("\(literal.place) writes the code \"\(literal.code)\": name it by its constant, \(constant)")
        }
        // All 99 registered codes are named by constant; far fewer means the walk reads the
        // wrong files, and finding no literal would prove nothing.
        let distinct = Self.raised(by: walk)
        #expect(distinct.count >= 90, "the walk found only \(distinct.count) codes: \(distinct.sorted())")
    }

    /// A constant the registry's list leaves out would compile and yet be missing from the
    /// reference table.
    @Test func everyConstantIsInTheRegistry() {
        let listed = Set(DiagnosticCodes.all.map(\.name))
        for (code, constant) in Self.constantNames.sorted(by: { $0.key < $1.key }) where !listed.contains(code) {
            Issue.record("DiagnosticCode.\(constant) (\(code)) is not in DiagnosticCodes.all")
        }
        #expect(Self.constantNames.count == DiagnosticCodes.all.count, "\(Self.constantNames.count) constants, \(DiagnosticCodes.all.count) registered")
    }

    @Test func everyRegisteredCodeIsRaisedSomewhere() throws {
        let raised = Self.raised(by: try Self.walk.get())
        for code in DiagnosticCodes.all where !raised.contains(code.name) {
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

    /// Every code the sources raise: written as a literal, or named by its constant.
    static func raised(by walk: SourceCodeLiterals) -> Set<String> {
        let byConstant = Dictionary(constantNames.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return Set(walk.atPositions.map(\.code) + walk.constants.compactMap { byConstant[$0.code] })
    }

    /// Each registered code's Swift constant, as the registry's files declare it.
    static let constantNames = declared(DiagnosticCode.self)

    /// Each code's constant of `type` (`DiagnosticCode`, `FailureCode`), by code, as
    /// Sources/Diagnostics declares them: `static let textMissing = DiagnosticCode("text-missing"`.
    static func declared(_ type: Any.Type) -> [String: String] {
        let folder = repositoryRoot.appendingPathComponent("Sources/Diagnostics")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        let declaration = try? Regex(#"static let (\w+) = "# + String(describing: type) + #"\("([a-z0-9-]+)""#)
        var names: [String: String] = [:]
        for file in files where file.pathExtension == "swift" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                guard let declaration, let match = line.firstMatch(of: declaration),
                      let code = match.output[2].substring, let name = match.output[1].substring else { continue }
                names[String(code)] = String(name)
            }
        }
        return names
    }
}
