import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
@testable import Render

/// The corpus diaries, split into real exports on disk and rendered whole.
@Suite struct CorpusBookTests {
    @Test(arguments: CorpusExport.Text.allCases)
    func corpusTextBecomesABook(_ text: CorpusExport.Text) throws {
        let workspace = try Workspace()
        let count = try CorpusExport.write(text, into: workspace, name: "corpus")
        #expect(count > 10)
        let order = Sample.order(export: "corpus", language: text.language)
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.entries.included == count)
        let pdf = folder.appendingPathComponent("interior.pdf")
        try PDFChecks.expectPrintReady(pdf)
        #expect((report.outputs.first?.pages ?? 0) > 20)

        let (book, plan) = try BookChecks.plan(workspace, order: order)
        #expect(plan.layout.pages.count == report.outputs.first?.pages)
        BookChecks.expectNoWidowsOrOrphans(plan)
        try BookChecks.expectTextInsideTheMeasure(pdf, product: try workspace.config.product("a5-softcover"))
        try BookChecks.expectRunningHeads(pdf, book: book, plan: plan)
        try expectHyphenationMatchesTheDictionary(pdf, language: book.language)
    }

    /// Soft hyphens stand at line ends, and every break Folio made is one the dictionary allows,
    /// as pyphen computes it from the same file.
    func expectHyphenationMatchesTheDictionary(_ pdf: URL, language: BookLanguage) throws {
        let broken = try BookChecks.hyphenatedWords(pdf)
        // Whole-paragraph breaking hyphenates rarely (one line in seventy of the bench year), so a
        // corpus book has tens of hyphens rather than hundreds; none at all would mean lost breaks.
        #expect(broken.count >= 10, "only \(broken.count) hyphenated line ends")
        let dictionary = try #require(Hyphenator.dictionaryPaths(language).first { FileManager.default.fileExists(atPath: $0) })
        let sample = Array(broken.prefix(60))
        let positions = try BookChecks.pyphenPositions(sample.map { ($0.0 + $0.1).lowercased() }, dictionary: dictionary)
        for ((before, after), allowed) in zip(sample, positions) {
            #expect(allowed.contains(before.count), "\(before)-\(after): pyphen allows \(allowed)")
            #expect(before.count >= 2 && after.count >= 2)
        }
    }

    /// The demo's own diaries (photos, short entries, two languages) follow the same page rules
    /// (the Russian one once left a date line alone at the foot of a page) and keep their
    /// hyphens on the measure (48 lines once hung past it).
    @Test(arguments: [(BookLanguage.english, UInt64(1)), (.russian, 2)])
    func demoDiariesKeepThePageRules(_ language: BookLanguage, _ seed: UInt64) throws {
        let workspace = try Workspace()
        let order = try BookChecks.demoOrder(language, seed: seed, in: workspace)
        let (_, plan) = try BookChecks.plan(workspace, order: order)
        BookChecks.expectNoWidowsOrOrphans(plan)
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        try BookChecks.expectTextInsideTheMeasure(folder.appendingPathComponent("interior.pdf"),
                                                  product: try workspace.config.product("a5-softcover"))
    }

    @Test func pepysSplitsIntoDatedEntries() throws {
        let workspace = try Workspace()
        let count = try CorpusExport.write(.pepys, into: workspace, name: "pepys")
        // DATE_FORMATS.md: about 263 dated entries, 1 Jan 1660 to 31 Jan 1661.
        #expect((250...270).contains(count))
        let journal = try Journal.load(folder: workspace.exports.appendingPathComponent("pepys"), shownAs: "pepys")
        #expect(journal.entries.first?.created.local.year == 1660)
        #expect(journal.entries.last?.created.local.year == 1661)
    }
}
