import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A table that cannot be set as a grid (a cell longer than a page, more columns than the
/// measure can hold) is set row by row, every word on a page: a row never splits, so before, such
/// a row ran off the page's foot and its words were drawn where no printer prints.
@Suite(.serialized) struct TableTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    @Test func aRowLongerThanAPageOrTooManyColumnsIsSetRowByRow() throws {
        let long = (0..<1_200).map { "word\($0)" }.joined(separator: " ") + " Z9END"
        try workspace.writeExportFile("| Day | Notes |\n| --- | --- |\n| Monday | \(long) |\n| Tuesday | short |\n", "tables/2024-06-01.md")
        let columns = (0..<40).map { "c\($0)" }
        try workspace.writeExportFile("| \(columns.joined(separator: " | ")) |\n|\(String(repeating: " --- |", count: 40))\n| \(columns.map { "v" + $0 }.joined(separator: " | ")) |\n",
                                      "tables/2024-06-02.md")
        let (report, folder) = try workspace.render(Sample.order(id: "tables", export: "tables", outputs: ["interior", "epub"]), name: "tables")
        #expect(report.status == .done, "\(String(describing: report.error)) \(report.preflight.filter { $0.severity == .error })")
        // poppler leaves out what is drawn off the page.
        let text = try Tool.pdfText(folder.appendingPathComponent("interior.pdf")).joined(separator: " ")
        #expect(text.contains("Z9END") && text.contains("Tuesday"))
        for column in columns { #expect(text.contains("v\(column)"), "\(column)") }
    }
}
