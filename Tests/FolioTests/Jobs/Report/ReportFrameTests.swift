import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Report pages are one document with the stylesheet of `Sources/Jobs/Report/ReportAssets`
/// inline: a report is a file of its own, read without the console.
@Suite struct ReportFrameTests {
    static let stylesheet = repositoryRoot.appendingPathComponent("Sources/Jobs/Report/ReportAssets/report.css")

    @Test func aJobsReportInlinesTheResourceStylesheet() throws {
        let css = try String(contentsOf: Self.stylesheet, encoding: .utf8)
        #expect(try ReportStylesheet.text() == css)
        #expect(css.contains(".status {"))
        let workspace = try Workspace()
        let report = JobReport(order: "a<b", status: .failed)
        let page = try JobReportPage.html(report, folder: workspace.root)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"))
        #expect(page.contains("<title>Folio — a&lt;b</title>\n<style>\n\(css)</style>\n</head>\n<body>\n<h1>Order a&lt;b "))
        #expect(page.hasSuffix("</body>\n</html>\n"))
    }
}
