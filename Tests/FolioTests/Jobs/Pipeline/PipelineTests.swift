import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
import Prepress

@Suite struct PipelineTests {
    @Test func aBookFromEndToEnd() throws {
        let workspace = try Workspace()
        try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00+03:00", text: "We walked to the *lake* and back.\n\nThe second paragraph."),
            Sample.entry("e2", "2025-02-11T21:00:00+03:00", text: "Snow again.", title: "Winter"),
            Sample.entry("e3", "2025-02-12T21:00:00+03:00", text: "PRIVATE-ARCHIVED-WORDS never print.", archived: true),
            Sample.entry("e4", "2024-12-31T23:00:00+03:00", text: "Last year."),
        ]))
        let (report, folder) = try workspace.render(Sample.order(scope: ["year": 2025]))
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.entries.included == 2)
        #expect(report.entries.archivedExcluded == 1)
        let pdf = folder.appendingPathComponent("interior.pdf")
        try PDFChecks.expectPrintReady(pdf)
        let output = try #require(report.outputs.first)
        #expect(output.kind == "interior")
        #expect(output.pages == (try PDFChecks.pageCount(pdf)))
        #expect(output.pages.map { $0 >= 24 && $0 % 2 == 0 } == true)
        #expect(output.sha256.count == 64)
        #expect(output.bytes == (try FileManager.default.attributesOfItem(atPath: pdf.path)[.size] as? Int64))
        let text = try Tool.pdfText(pdf).joined()
        #expect(text.contains("January"))
        #expect(text.contains("Winter"))
        #expect(!text.contains("PRIVATE-ARCHIVED-WORDS"))
        #expect(!text.contains("Last year"))
        let boxes = try PDFChecks.boxes(pdf, page: 3)
        #expect(boxes["TrimBox"].map { zip($0, [8.50, 8.50, 428.03, 603.78]).allSatisfy { abs($0 - $1) < 0.01 } } == true)
        #expect(boxes["BleedBox"].map { zip($0, [0, 0, 436.54, 612.28]).allSatisfy { abs($0 - $1) < 0.01 } } == true)
        // The report on disk is the one returned, and no temporary file is left behind.
        let onDisk = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: folder.appendingPathComponent("report.json")))
        #expect(onDisk == report)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func pathologicalEntriesRenderWithoutHanging() throws {
        let workspace = try Workspace()
        let word = String(repeating: "abcdefghij", count: 500)
        try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("long", "2025-01-03T08:15:00Z", text: word),
            Sample.entry("empty", "2025-01-04T08:15:00Z", text: ""),
            Sample.entry("blank", "2025-01-05T08:15:00Z", text: String(repeating: "\n", count: 3000)),
            Sample.entry("html", "2025-01-06T08:15:00Z", text: "<script>alert(1)</script>\n\nA & B <b>bold?</b>"),
        ]))
        let (report, folder) = try workspace.render(Sample.order())
        #expect(report.status == .done, "\(String(describing: report.error))")
        let pdf = folder.appendingPathComponent("interior.pdf")
        try PDFChecks.expectPrintReady(pdf)
        let text = try Tool.pdfText(pdf).joined().replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: "\u{AD}", with: "").replacingOccurrences(of: "-", with: "")
        // Every character of the long word is on a page, broken across lines.
        #expect(text.components(separatedBy: "abcdefghij").count - 1 >= 490)
        // GitHub's tag filter shows a script as text, and so does the book (issue 33): the
        // reader sees what the writer typed; other tags go, their words stay.
        #expect(text.contains("<script>alert(1)</script>"))
        #expect(text.contains("A & B bold?"))
    }

    @Test func theSameOrderGivesTheSameBytes() throws {
        let workspace = try Workspace()
        try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00+03:00", text: "Одна и та же книга, одни и те же байты."),
        ]))
        let first = try workspace.render(Sample.order(language: "ru"), name: "first")
        let second = try workspace.render(Sample.order(language: "ru"), name: "second")
        let a = try Data(contentsOf: first.folder.appendingPathComponent("interior.pdf"))
        let b = try Data(contentsOf: second.folder.appendingPathComponent("interior.pdf"))
        #expect(a == b)
        #expect(first.report.outputs == second.report.outputs)
    }

    @Test func aBadOrderIsRejectedWithAReport() throws {
        let workspace = try Workspace()
        let (report, folder) = try workspace.render(Sample.order(export: "../../etc"))
        #expect(report.status == .rejected)
        #expect(report.error?.code == "path-escape")
        #expect(report.error?.details.first?.contains("export") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("interior.pdf").path))
    }

    @Test func unknownProductAndMissingExportAreNamed() throws {
        let workspace = try Workspace()
        var order = Sample.order(export: "nobody")
        order["product"] = "a4-poster"
        let (report, _) = try workspace.render(order)
        #expect(report.status == .rejected)
        let details = report.error?.details ?? []
        #expect(details.contains { $0.contains("product") && $0.contains("a5-softcover") })
        #expect(details.contains { $0.contains("export") && $0.contains("no journal.json") })
    }

    @Test func everyOutputIsMadeAndReported() throws {
        let workspace = try Workspace()
        try workspace.writeExport("anna", journal: Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z")]))
        let (report, folder) = try workspace.render(Sample.order(outputs: ["interior", "cover", "epub"]))
        #expect(report.status == .done)
        #expect(report.outputs.map(\.kind) == ["interior", "cover", "epub"])
        #expect(report.outputs.map(\.file) == ["interior.pdf", "cover.pdf", "book.epub"])
        for output in report.outputs {
            let digest = try SHA256.hex(ofFile: folder.appendingPathComponent(output.file))
            #expect(digest.digest == output.sha256 && digest.bytes == output.bytes)
        }
        // Only what was ordered is delivered: an EPUB-only order leaves no PDF behind.
        let (epubOnly, epubFolder) = try workspace.render(Sample.order(id: "only", outputs: ["epub"]), name: "only")
        #expect(epubOnly.outputs.map(\.kind) == ["epub"])
        #expect(!FileManager.default.fileExists(atPath: epubFolder.appendingPathComponent("interior.pdf").path))
    }
}

@Suite struct PDFDetailsTests {
    @Test func metadataOutlinePageLabelsAndSubsetFonts() throws {
        let workspace = try Workspace()
        try workspace.writeExport("anna", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T08:15:00+03:00", text: "January words."),
            Sample.entry("e2", "2025-02-11T21:00:00+03:00", text: "February words.", title: "Snow"),
        ]))
        let (report, folder) = try workspace.render(Sample.order())
        let pdf = folder.appendingPathComponent("interior.pdf")
        #expect(report.status == .done)
        let info = try Tool.run("pdfinfo", [pdf.path]).output
        #expect(info.contains("Title:           Anna's Year"))
        #expect(info.contains("Author:          Anna K."))
        #expect(info.contains("Creator:         Folio"))
        #expect(info.contains("Subject:         January 2025 – February 2025"))
        // The creation date is the newest entry's instant (UTC), never the clock.
        #expect(info.contains("CreationDate:    Tue Feb 11 18:00:00 2025 UTC"))

        let json = try Tool.run("qpdf", ["--json", "--json-key=outlines", "--json-key=pagelabels", pdf.path]).output
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let outlines = try #require(document["outlines"] as? [[String: Any]])
        #expect(outlines.map { $0["title"] as? String } == ["January 2025", "February 2025"])
        let february = try #require(outlines[1]["kids"] as? [[String: Any]])
        #expect(february.first?["title"] as? String == "Tuesday, 11 February 2025 — Snow")
        let labels = try #require(document["pagelabels"] as? [[String: Any]])
        #expect((labels.first?["label"] as? [String: Any])?["/S"] as? String == "/D")

        let fonts = try Tool.run("pdffonts", [pdf.path]).output.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for font in fonts { #expect(font.split(separator: " ").first?.dropFirst(6).first == "+", "not subset: \(font)") }
    }
}
