import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
@testable import Prepress
@testable import Render

/// The checks catch what they exist for: an importer that drops a sentence fails the job with
/// `text-missing` naming the entry (in the PDF and the EPUB alike), and two entries given one
/// id fail the EPUB verifier before EPUBCheck would see the book.
@Suite(.serialized) struct CompletenessMutationTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    /// Imports a Markdown folder, lets `mutate` change the journal as a faulty importer would,
    /// then resolves, renders and verifies it as the pipeline does.
    func verify(first: String = "Morning light on the river. The ferry was late again today. We walked home along the quay.\n",
                mutate: (inout Journal) -> Void) throws -> [Diagnostic] {
        let notes = workspace.exports.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data(first.utf8).write(to: notes.appendingPathComponent("2025-04-01.md"))
        try Data("Rain all afternoon; the gutters sang.\n".utf8).write(to: notes.appendingPathComponent("2025-04-02.md"))
        return try VerifiedBook(workspace, export: "notes", id: "mutation", mutate: mutate).findings
    }

    @Test func anImporterThatDropsASentenceFailsTheJobNamingTheEntry() throws {
        #expect(try verify { _ in }.filter { $0.severity == .error }.isEmpty, "the faithful import is complete")
        let findings = try verify { journal in
            let index = journal.entries.firstIndex { $0.id == "2025-04-01" } ?? 0
            journal.entries[index].text = journal.entries[index].text.replacingOccurrences(of: "The ferry was late again today. ", with: "")
        }
        let missing = findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2, "the PDF and the EPUB: \(findings)")
        #expect(missing.allSatisfy { $0.entry == "2025-04-01" && $0.message.contains("The ferry was late again today.") })
        #expect(missing.first { $0.message.hasPrefix("interior.pdf") }?.page == 5)
    }

    @Test func twoEntriesWithOneIdFailTheEPUBVerifier() throws {
        let findings = try verify { journal in
            for index in journal.entries.indices { journal.entries[index].id = "same" }
        }
        #expect(findings.contains { $0.code == "duplicate-id" && $0.message.hasPrefix("book.epub") }, "\(findings)")
    }

    /// GFM's constructs are text the check holds the book to: a table's cell or a footnote's
    /// words lost between the reading and the page fail the job naming the entry.
    @Test(arguments: [("| Day | Weather |\n| --- | :-: |\n| Monday | drizzle all morning |\n", "drizzle all morning", "drizzle"),
                      ("The walk[^1] was long.\n\n[^1]: Eleven kilometres along the quay.\n", "Eleven kilometres along", "Eleven"),
                      ("- [x] bought the tickets for Lisbon\n- [ ] packed\n", "bought the tickets", "bought")])
    func aLostCellFootnoteOrTaskFailsTheJob(source: String, lost: String, named: String) throws {
        #expect(try verify(first: source) { _ in }.filter { $0.severity == .error }.isEmpty, "the faithful import is complete")
        let findings = try verify(first: source) { journal in
            let index = journal.entries.firstIndex { $0.id == "2025-04-01" } ?? 0
            journal.entries[index].text = journal.entries[index].text.replacingOccurrences(of: lost, with: "")
        }
        let missing = findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2, "the PDF and the EPUB: \(findings)")
        #expect(missing.allSatisfy { $0.entry == "2025-04-01" && $0.message.contains(named) }, "\(missing)")
    }

    /// Punctuation is part of what the writer said: a question mark, a parenthesis or a
    /// percent sign lost between the reading and the page fails the job, though every letter is
    /// still there.
    @Test(arguments: [("Did we really go? We did.\n", "?", "go"), ("The key (the old brass one) was gone.\n", "(", "the"),
                      ("The battery was at 5% by noon.\n", "%", "5")])
    func aLostPunctuationMarkFailsTheJob(source: String, lost: String, named: String) throws {
        #expect(try verify(first: source) { _ in }.filter { $0.severity == .error }.isEmpty, "the faithful import is complete")
        let findings = try verify(first: source) { journal in
            let index = journal.entries.firstIndex { $0.id == "2025-04-01" } ?? 0
            journal.entries[index].text = journal.entries[index].text.replacingOccurrences(of: lost, with: "")
        }
        let missing = findings.filter { $0.code == "text-missing" }
        #expect(missing.count == 2, "the PDF and the EPUB: \(findings)")
        #expect(missing.allSatisfy { $0.entry == "2025-04-01" && $0.message.contains(named) }, "\(missing)")
    }

    /// Five thousand one-line entries, their words and their heads repeated (three a day, two
    /// at the same minute): each is found between its own head and the next, none in another's
    /// place. One line lost among its twins is the only finding, and names its entry.
    @Test func fiveThousandShortEntriesWithRepeatedWordsPass() throws {
        let lines = ["Rain.", "Walked the dog.", "Walked the dog again.", "Tea with Anna.", "Rain again.", "Tired.", "Tea."]
        let start = Date(timeIntervalSince1970: 1_577_869_200)
        let entries = (0..<5_000).map { index in
            let day = Double(index / 3) * 86_400, minute = index % 3 == 2 ? 43_200.0 : 0
            return Sample.entry("e\(index)", ISO8601DateFormatter().string(from: start.addingTimeInterval(day + minute)),
                                text: lines[index % lines.count])
        }
        try workspace.writeExport("many", journal: Sample.journal(entries))
        let book = try VerifiedBook(workspace, export: "many", id: "many") { journal in
            guard let index = journal.entries.firstIndex(where: { $0.id == "e2500" }) else { return }
            journal.entries[index].source = journal.entries[index].text
            journal.entries[index].text = ""
        }
        #expect(book.resolved.book.entries.count == 5_000)
        let errors = book.findings.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["text-missing", "text-missing"] && errors.allSatisfy { $0.entry == "e2500" }, "\(errors.prefix(5))")
    }
}
