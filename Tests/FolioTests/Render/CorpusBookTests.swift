import Foundation
import Testing
@testable import Jobs

/// The corpus diaries, split into real exports on disk and rendered whole.
@Suite struct CorpusBookTests {
    @Test(arguments: CorpusExport.Text.allCases)
    func corpusTextBecomesABook(_ text: CorpusExport.Text) throws {
        let workspace = try Workspace()
        let count = try CorpusExport.write(text, into: workspace, name: "corpus")
        #expect(count > 10)
        let (report, folder) = try workspace.render(Sample.order(export: "corpus", language: text.language))
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.entries.included == count)
        let pdf = folder.appendingPathComponent("interior.pdf")
        try PDFChecks.expectPrintReady(pdf)
        #expect((report.outputs.first?.pages ?? 0) > 20)
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
