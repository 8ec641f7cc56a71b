import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Render
@testable import Prepress

@Suite struct EPUBTests {
    let workspace: Workspace
    init() throws { workspace = try Workspace() }

    func epub(_ name: String, journal: [String: Any], language: String = "en") throws -> (report: JobReport, file: URL) {
        try workspace.writeExport(name, journal: journal)
        let (report, folder) = try workspace.render(Sample.order(id: name, export: name, language: language,
                                                                 outputs: ["interior", "epub"]), name: name)
        return (report, folder.appendingPathComponent("book.epub"))
    }

    /// A book built to break things: broken photos, markup and control characters in the text,
    /// an archived entry whose every trace must stay out.
    func hostileBook() throws -> (report: JobReport, file: URL) {
        let export = workspace.exports.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for name in ["bimg_corrupt.jpg", "zero_bytes.jpg"] {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/broken/\(name)"),
                                             to: export.appendingPathComponent("photos/\(name)"))
        }
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"),
                                         to: export.appendingPathComponent("photos/ARCHIVED-PHOTO.jpg"))
        return try epub("hostile", journal: Sample.journal([
            Sample.entry("e1", "2025-01-03T10:00:00Z", text: "<script>alert('x')</script>\n\nTom & Jerry <b>\"quoted\"</b> 'single' \u{07}\u{1B}\u{FFFE} ]]> <!-- -->",
                         title: "<i>Title</i> & co", photos: [["file": "photos/bimg_corrupt.jpg", "caption": "<img src=x onerror=alert(1)>"],
                                                              ["file": "photos/zero_bytes.jpg"], ["file": "photos/missing.jpg"]]),
            Sample.entry("e2", "2025-01-04T10:00:00Z", text: "ARCHIVED-TEXT never appears", archived: true,
                         photos: [["file": "photos/ARCHIVED-PHOTO.jpg", "caption": "ARCHIVED-CAPTION"]]),
            Sample.entry("e 3/odd id", "2025-02-04T10:00:00Z", text: "An entry whose id is no XML name."),
        ]))
    }

    @Test func everyKindOfBookPassesEPUBCheck() throws {
        var files: [URL] = []
        for text in CorpusExport.Text.allCases {
            try CorpusExport.write(text, into: workspace, name: "corpus-\(text.language)-\(files.count)")
            let (report, folder) = try workspace.render(Sample.order(id: "corpus-\(files.count)", export: "corpus-\(text.language)-\(files.count)",
                                                                     language: text.language, outputs: ["epub"]), name: "corpus-\(files.count)")
            #expect(report.status == .done, "\(String(describing: report.error))")
            files.append(folder.appendingPathComponent("book.epub"))
        }
        let demo = workspace.exports.appendingPathComponent("demo")
        _ = try DemoExport.write(language: .russian, year: 2025, to: demo, seed: 3)
        let (demoReport, demoFolder) = try workspace.render(Sample.order(id: "demo", export: "demo", language: "ru", outputs: ["epub"]), name: "demo")
        #expect(demoReport.status == .done)
        files.append(demoFolder.appendingPathComponent("book.epub"))
        let hostile = try hostileBook()
        #expect(hostile.report.status == .done)
        files.append(hostile.file)
        // A right-to-left language's book (dir, page progression) and a Japanese one (xml:lang).
        for (tag, text) in [("he", "כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם. \"ציטוט\""),
                            ("ja", "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。\"引用\"\n\nУтром шёл дождь.")] {
            try workspace.writeExport("lang-\(tag)", journal: Sample.journal([Sample.entry("\(tag)-1", "2025-02-01T09:00:00Z", text: text)]))
            let (report, folder) = try workspace.render(Sample.order(id: "lang-\(tag)", export: "lang-\(tag)", language: tag, outputs: ["epub"]),
                                                        name: "lang-\(tag)")
            #expect(report.status == .done, "\(tag): \(String(describing: report.error))")
            files.append(folder.appendingPathComponent("book.epub"))
        }

        let outcomes = try EPUBCheck.run(files)
        for file in files {
            let outcome = try #require(outcomes[file], "no EPUBCheck result for \(file.path)")
            #expect(outcome.clean, "\(file.lastPathComponent): \(outcome.output)")
        }
    }

    /// The EPUB's faces are matched in the PDF's own fontconfig configuration (colour fonts
    /// rejected), as `fc-match` finds them; a family that is not installed has none, whatever
    /// fontconfig would fall back to.
    @Test func theEPUBEmbedsThePrintEditionsFaces() throws {
        for (family, weight, italic, fc) in [("Inter", 700, false, "Inter:weight=200"), ("EB Garamond", 400, true, "EB Garamond:weight=80:slant=100")] {
            let font = try #require(EPUBFont.find(family: family, weight: weight, italic: italic))
            let expected = try Tool.run("fc-match", [fc, "file"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(":file=" + font.file.path == expected, "\(family): \(font.file.path) vs \(expected)")
        }
        #expect(EPUBFont.find(family: "No Such Family Anywhere", weight: 400, italic: false) == nil)
    }

    @Test func theContainerStartsAsEPUBReadersExpect() throws {
        let (_, file) = try epub("bytes", journal: Sample.journal([Sample.entry("e1", "2025-01-03T10:00:00Z")]))
        let bytes = [UInt8](try Data(contentsOf: file))
        #expect(bytes.prefix(4) == [0x50, 0x4B, 0x03, 0x04])
        #expect(bytes[8] == 0 && bytes[9] == 0, "mimetype is stored")
        #expect(bytes[26] == 8 && bytes[27] == 0, "name length 8")
        #expect(bytes[28] == 0 && bytes[29] == 0, "no extra field")
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: bytes[38..<58], as: UTF8.self) == "application/epub+zip")
        #expect(try Tool.run("unzip", ["-t", file.path]).status == 0)
    }

    @Test func theNavLinksEveryEntryAndArchivedEntriesLeaveNoTrace() throws {
        let (report, file) = try hostileBook()
        #expect(report.preflight.filter { $0.code.hasPrefix("photo-") }.count == 3)
        let names = try ZipReading.names(file)
        let nav = try ZipReading.text(file, "OEBPS/nav.xhtml")
        var chapters = ""
        for name in names where name.hasPrefix("OEBPS/chapter-") { chapters += try ZipReading.text(file, name) }
        for id in ["e1", "e 3/odd id"] {
            let anchor = XHTML.anchor(entry: id)
            #expect(nav.contains("#\(anchor)\""), "nav lacks \(anchor)")
            #expect(chapters.contains("id=\"\(anchor)\""), "no section \(anchor)")
        }
        #expect(!names.contains { $0.contains("ARCHIVED") })
        for name in names {
            let content = try ZipReading.text(file, name)
            #expect(!content.contains("ARCHIVED"), "\(name) holds archived content")
            if name.hasSuffix(".xhtml") {
                #expect(!content.contains("<script") && !content.contains("<img src=x") && !content.contains("<b>"), "\(name) let markup through")
            }
        }
        #expect(names.contains("OEBPS/images/placeholder.jpg"))
    }

    @Test func theSameOrderGivesTheSameEPUB() throws {
        let journal = Sample.journal([Sample.entry("e1", "2025-01-03T10:00:00+03:00", text: "Одни и те же байты.")])
        let first = try epub("same-a", journal: journal, language: "ru")
        try workspace.writeExport("same-b", journal: journal)
        let (_, folder) = try workspace.render(Sample.order(id: "same-a", export: "same-b", language: "ru", outputs: ["interior", "epub"]),
                                               name: "same-b")
        let second = folder.appendingPathComponent("book.epub")
        if try Data(contentsOf: first.file) != Data(contentsOf: second) {
            let differing = try ZipReading.names(first.file).filter { try ZipReading.text(first.file, $0) != ZipReading.text(second, $0) }
            Issue.record("the EPUBs differ in \(differing)")
        }
    }

    @Test func theZipWriterRefusesWhatNeedsZIP64() throws {
        // A sparse file of 4 GiB costs no disk: its size alone must be refused.
        let big = workspace.root.appendingPathComponent("big.bin")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 0x1_0000_0000)
        try handle.close()
        let zip = try ZipWriter(file: workspace.root.appendingPathComponent("big.zip"), date: Date(timeIntervalSince1970: 0))
        #expect(throws: ZipWriter.Failure.self) { try zip.addStored("big.bin", contentsOf: big) }
    }
}
