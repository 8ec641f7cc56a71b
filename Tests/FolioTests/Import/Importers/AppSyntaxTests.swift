import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Each app's syntax read only where its app defines it, never inside code, and every word of
/// it on the page (issue 33): fixtures written the way each app writes its notes, each ending
/// in a delivered book whose completeness check passes.
@Suite(.serialized) struct AppSyntaxTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    func write(_ text: String, _ path: String) throws { try workspace.writeExportFile(text, path) }

    /// Renders the export at `path`; the report, the PDF's text and the EPUB's chapters.
    func render(_ path: String) throws -> (report: JobReport, pdf: String, xhtml: String) {
        let order = Sample.order(id: path, export: path, outputs: ["interior", "epub"])
        let (report, folder) = try workspace.render(order, name: path)
        let pdf = try Tool.pdfText(folder.appendingPathComponent("interior.pdf")).joined()
            .replacingOccurrences(of: "\u{AD}", with: "")
        let xhtml = try Tool.run("unzip", ["-p", folder.appendingPathComponent("book.epub").path, "OEBPS/chapter-*.xhtml"]).output
        #expect(report.status == .done, "\(path): \(String(describing: report.error)) \(report.preflight.filter { $0.severity == .error })")
        return (report, pdf, xhtml)
    }

    @Test func anObsidianVaultKeepsItsBreaksHighlightsAndCode() throws {
        try write("{}", "vault/.obsidian/app.json")
        try write("""
            Woke early.
            Rain on the roof.
            The ==yellow kettle== sang.

            | Day | Weather |
            | --- | :-: |
            | Monday | drizzle |

            - [x] bought bread
            - [ ] wrote to Anna

            The walk[^1] was long.

            ```python
            print("50%% done") # %% not a comment
            x = "![not a photo](cat.jpg)"
            ```

            ```dataview
            LIST FROM #walk
            ```

            > [!note] A callout with code
            > ```
            > let answer = 42 %% kept
            > ```

            [^1]: Eleven kilometres.
            """, "vault/2024-05-01.md")
        let (report, pdf, xhtml) = try render("vault")
        // Obsidian shows single line breaks: so does the book.
        #expect(xhtml.contains("Woke early.<br/>Rain on the roof.<br/>"), "\(xhtml)")
        #expect(xhtml.contains("<mark>yellow kettle</mark>"))
        #expect(pdf.contains("yellow kettle") && !pdf.contains("=="))
        #expect(xhtml.contains("<th>Day</th>") && xhtml.contains("<td style=\"text-align: center\">drizzle</td>"))
        #expect(pdf.contains("☑") && pdf.contains("☐") && pdf.contains("bought bread"))
        #expect(pdf.contains("Eleven kilometres."))
        // Code is code: its %% and its image are what the writer typed, and no photo is looked for.
        #expect(pdf.contains(#"print("50%% done") # %% not a comment"#) && pdf.contains("![not a photo](cat.jpg)"))
        #expect(!report.preflight.contains { $0.code == "import-photo-missing" })
        let query = try #require(report.preflight.first { $0.code == "import-query-not-run" })
        #expect(query.message.contains("1 Dataview or Tasks query") && pdf.contains("LIST FROM #walk"))
        #expect(pdf.contains("A callout with code") && pdf.contains("let answer = 42 %% kept"))
    }

    @Test func aPlainFolderIsCommonMarkAndARuleIsNotFrontMatter() throws {
        try write("Battery at 5%% by noon, by night 100%% again.\n", "notes/2024-05-02.md")
        try write("---\nFirst paragraph after a rule.\n---\n\nSecond paragraph.\n", "notes/2024-05-03.md")
        try write("---\n\nOpens with a rule.\n\nThen words.\n", "notes/2024-05-04.md")
        try write("See ![a heron](https://example.com/heron.jpg) here, and ![the quay](missing.jpg) there.\n", "notes/2024-05-05.md")
        // Latin-1 bytes in a note: printed with U+FFFD where they were, and said.
        try Data("Caf\u{E9} au lait.\n".data(using: .isoLatin1) ?? Data()).write(to: workspace.exports.appendingPathComponent("notes/2024-05-06.md"))
        let (report, pdf, _) = try render("notes")
        let flat = pdf.replacingOccurrences(of: "\n", with: " ")
        // A remote or missing picture keeps its place with a placeholder, and the words around it stay.
        #expect(report.preflight.filter { $0.code == "import-photo-missing" }.count == 2)
        #expect(report.preflight.contains { $0.code == "import-file-unreadable" && $0.message.contains("2024-05-06.md is not UTF-8: 1 character") })
        for words in ["Battery at 5%% by noon, by night 100%% again.", "First paragraph after a rule.", "Second paragraph.",
                      "Opens with a rule.", "Then words.", "See", "here, and", "there."] {
            #expect(flat.contains(words), "\(words)")
        }
    }

    @Test func aLogseqEmojiCodeIsNotADrawerAndItsCodeIsCode() throws {
        try write(";; config\n{}", "graph/logseq/config.edn")
        try write("""
            - Finished the move
            \t- :tada:
            \t- Unpacked the kitchen
            - ```clojure
              {{not a macro}} [[not a link]]
              ```
            - Slept well.
            """, "graph/journals/2024_05_05.md")
        let (_, pdf, _) = try render("graph")
        for words in [":tada:", "Unpacked the kitchen", "{{not a macro}} [[not a link]]", "Slept well."] {
            #expect(pdf.contains(words), "\(words)")
        }
    }

    @Test func dayOneAllDayEntriesAndEmojiWithVariationSelectors() throws {
        let export: [String: Any] = ["metadata": ["version": "1.0"], "entries": [
            ["uuid": "D1", "creationDate": "2024-05-06T00:00:00Z", "timeZone": "UTC", "isAllDay": true,
             "text": "Welcome to Day One ❤️ Tap ⭐️ to star 1️⃣ entry 👍🏽 and 👨‍👩‍👧 family."],
            ["uuid": "D2", "creationDate": "2024-05-07T09:30:00Z", "timeZone": "UTC", "text": "A timed day."],
            // All-day entries first in the book: the EPUB's table of contents, before them, names each by its whole head.
            ["uuid": "D3", "creationDate": "2024-05-04T00:00:00Z", "timeZone": "UTC", "isAllDay": true, "text": "First of two whole days."],
            ["uuid": "D4", "creationDate": "2024-05-05T00:00:00Z", "timeZone": "UTC", "isAllDay": true, "text": "Second of two whole days."],
        ]]
        try write(String(decoding: try JSONSerialization.data(withJSONObject: export), as: UTF8.self), "dayone/Journal.json")
        let (_, pdf, xhtml) = try render("dayone")
        #expect(pdf.contains("MONDAY, 6 MAY 2024\n") && !pdf.contains("6 MAY 2024 · 00:00"), "an all-day entry prints no time")
        #expect(pdf.contains("TUESDAY, 7 MAY 2024 · 09:30"))
        #expect(xhtml.contains("Monday, 6 May 2024</span>"))
    }

    /// Short lines between photos, each photo with its caption, and a page turn among them.
    @Test func shortLinesBetweenCaptionedPhotos() throws {
        let photo = corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg")
        var text = ""
        for index in 0..<6 {
            let file = workspace.exports.appendingPathComponent("photos/p\(index).jpg")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: photo, to: file)
            text += "Line \(index).\n\n![A caption for photo \(index), longer than a line is](p\(index).jpg)\n\n"
        }
        try write(text + "Bed.\n", "photos/2024-05-08.md")
        let (report, pdf, _) = try render("photos")
        #expect(report.accounting?.printed.photos == 6)
        #expect(pdf.contains("Line 5.") && pdf.contains("Bed."))
    }

    /// The accounting counts the source's blocks as cmark-gfm reads them, printed or not: a
    /// note that is not a diary entry is counted in the source and as not printed.
    @Test func theAccountingCountsEveryBlock() throws {
        // A paragraph, a heading, a list and its two items' paragraphs, a code block: 6.
        try write("Para one.\n\n## Heading\n\n- a\n- b\n\n```\ncode\n```\n", "blocks/2024-06-01.md")
        // No date in its name: skipped. A paragraph, a quote and the paragraph in it: 3.
        try write("Loose note.\n\n> quoted\n", "blocks/ideas.md")
        let accounting = try #require(try render("blocks").report.accounting)
        #expect(accounting.source.blocks == 9 && accounting.printed.blocks == 6 && accounting.notPrinted.blocks == 3, "\(accounting)")
        #expect(accounting.addsUp)
    }
}
