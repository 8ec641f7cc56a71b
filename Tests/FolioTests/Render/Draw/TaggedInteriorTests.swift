import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
@testable import Prepress
@testable import Render

/// The interior carries a structure tree (a section per entry, headings, paragraphs, lists,
/// tables, figures with their descriptions, the language), the completeness check reads each
/// entry from its own section, and the file passes a PDF/UA checker's rules but for the claim
/// Folio does not make.
@Suite(.serialized) struct TaggedInteriorTests {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        let photo = corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg")
        let export = try workspace.writeExport("tagged", journal: Sample.journal([
            Sample.entry("e1", "2025-03-03T10:00:00Z",
                         text: "Morning at the market.\n\n### Lunch\n\n- bread\n- cheese\n\n| Day | Weather |\n| --- | --- |\n| Monday | drizzle |\n",
                         title: "Market day", photos: [["file": "photos/p0.jpg"]]),
            Sample.entry("e2", "2025-03-04T18:30:00Z", text: "Rain all afternoon; the gutters sang."),
            Sample.entry("e3", "2025-03-05T08:15:00Z", text: "Letters to write, and none written."),
        ]))
        try FileManager.default.copyItem(at: photo, to: export.appendingPathComponent("photos/p0.jpg"))
    }

    private func interior(_ book: VerifiedBook) throws -> URL {
        try #require(book.outputs.first { $0.kind == .interior }?.file)
    }

    @Test func eachEntryIsASectionOfTheTree() throws {
        let book = try VerifiedBook(workspace, export: "tagged", id: "tagged")
        #expect(book.findings.filter { $0.severity == .error }.isEmpty, "\(book.findings)")
        let document = try #require(QPDFDocument(file: try interior(book)))
        let tree = try #require(StructureTree(document))
        let sections = tree.groups("Sect")
        #expect(sections.count == 3)
        #expect(sections.allSatisfy { $0.dropFirst().first?.role == "H2" }, "every entry opens with its head")
        let roles = Set(tree.elements.map(\.role))
        for role in ["H1", "H2", "H3", "H4", "P", "L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD", "Figure", "TOC", "TOCI"] {
            #expect(roles.contains(role), "\(role) is in the tree")
        }
        // Headings never skip a level (the entry's ### follows its title's H3 as an H4).
        var last = 0
        for element in tree.elements where element.role.count == 2 && element.role.hasPrefix("H") {
            let level = Int(element.role.dropFirst()) ?? 0
            #expect(level <= last + 1, "\(element.role) after H\(last)")
            last = level
        }
        #expect(document.key(document.root, "/Lang").flatMap(document.text) == "en")
        let figure = try #require(tree.elements.first { $0.role == "Figure" })
        #expect(document.key(figure.object, "/Alt").flatMap(document.text) == "Photo, Monday, 3 March 2025")
    }

    /// A PDF/UA checker from PyPI (`pdfua`): its rules pass, but for the claim of conformance in
    /// XMP, which Folio does not make (docs/design.md, "The structure tree"); taking a figure's description
    /// away makes it fail, so it is reading Folio's tree.
    @Test func aPDFUACheckerFindsOnlyTheMissingClaim() throws {
        let book = try VerifiedBook(workspace, export: "tagged", id: "pdfua")
        let file = try interior(book)
        let findings = try Self.pdfuaFindings(file)
        #expect(findings.map(\.rule) == ["UA-28-004"], "\(findings)")
        let stripped = file.deletingLastPathComponent().appendingPathComponent("stripped.pdf")
        let run = try Tool.run("python3", ["-c", """
            import sys, pikepdf
            with pikepdf.open(sys.argv[1]) as pdf:
                def walk(kid):
                    if isinstance(kid, pikepdf.Array):
                        for item in kid: walk(item)
                    elif isinstance(kid, pikepdf.Dictionary) and '/S' in kid:
                        if kid.S == '/Figure' and '/Alt' in kid: del kid['/Alt']
                        if '/K' in kid: walk(kid.K)
                walk(pdf.Root.StructTreeRoot.K)
                pdf.save(sys.argv[2])
            """, file.path, stripped.path])
        try #require(run.status == 0, "\(run.errors)")
        #expect(try Self.pdfuaFindings(stripped).contains { $0.rule == "UA-13-004" })
    }

    /// Each finding's rule and message, by rule.
    static func pdfuaFindings(_ file: URL) throws -> [(rule: String, message: String)] {
        let run = try Tool.run("python3", ["-m", "pdfua", "check", "--format", "json", file.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run.errors)")
        let findings = report["findings"] as? [[String: Any]] ?? []
        return findings.map { ($0["rule_id"] as? String ?? "?", $0["message"] as? String ?? "") }.sorted { $0.rule < $1.rule }
    }

    /// An entry whose text holds the next entry's head word for word is still read to its end:
    /// entries are cut where their sections begin, not where a head's words stand. A word lost
    /// after the quoted head is still found missing, and named.
    @Test func anEntryQuotingTheNextHeadIsReadWhole() throws {
        let plain = try VerifiedBook(workspace, export: "tagged", id: "heads")
        let next = try #require(plain.resolved.book.entries.first { $0.id == "e3" }).head(in: .english)
        let quoting = "See you on \(next), we said, and then the rain came down in sheets."
        let book = try VerifiedBook(workspace, export: "tagged", id: "quoting") { journal in
            if let index = journal.entries.firstIndex(where: { $0.id == "e2" }) { journal.entries[index].text = quoting }
        }
        #expect(book.findings.filter { $0.severity == .error }.isEmpty, "\(book.findings)")
        let lost = try VerifiedBook(workspace, export: "tagged", id: "quoting-lost") { journal in
            guard let index = journal.entries.firstIndex(where: { $0.id == "e2" }) else { return }
            journal.entries[index].source = quoting
            journal.entries[index].text = quoting.replacingOccurrences(of: "in sheets", with: "")
        }
        let missing = lost.findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2 && missing.allSatisfy { $0.entry == "e2" && $0.message.contains("sheets") }, "\(missing)")
    }
}
