import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

/// The journals people already keep, from the corpus (`../shared/corpus/exports`) and a
/// Markdown folder made here: each becomes a book that EPUBCheck and the verifier accept, with
/// the source's entries, days (in each entry's own zone), titles and photos.
@Suite(.serialized) struct ImporterTests {
    /// A workspace whose exports root holds a copy of the corpus exports.
    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        for name in try FileManager.default.contentsOfDirectory(atPath: corpusRoot.appendingPathComponent("exports").path) {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("exports/\(name)"),
                                             to: workspace.exports.appendingPathComponent(name))
        }
        return workspace
    }

    func order(_ id: String, export: Any) -> [String: Any] {
        Sample.order(id: id, export: "unused", outputs: ["interior", "epub"], extra: ["export": export])
    }

    /// The resolved book of an export, as the pipeline reads it.
    func book(_ workspace: Workspace, export: Any) throws -> (entries: [Journal.Entry], imported: ImportedExport?) {
        let data = try JSONSerialization.data(withJSONObject: order("probe", export: export))
        let input = try JobInput.load(orderData: data, orderFile: "probe.json", config: try workspace.config)
        return (input.journal.entries, input.imported)
    }

    func day(_ entry: Journal.Entry) -> String {
        String(format: "%04d-%02d-%02d %02d:%02d", entry.created.local.year, entry.created.local.month, entry.created.local.day,
               entry.created.local.hour, entry.created.local.minute)
    }

    @Test func dayOneJSONKeepsEachEntrysOwnDay() throws {
        let workspace = try workspace()
        let (entries, imported) = try book(workspace, export: "dayone2_json/jrnl_dayone2.json")
        #expect(imported?.format == .dayone && imported?.detected == true)
        #expect(entries.map(\.id).sorted() == ["EBB5A5F4057F461E8F176E18AB7E0493", "EC61E5D4E66C44E6AC796E863E8BF7E7"])
        // 12:22 UTC in January is 12:22 in London; the offset is the zone's at that instant.
        let first = try #require(entries.first { $0.id == "EBB5A5F4057F461E8F176E18AB7E0493" })
        #expect(day(first) == "2020-01-10 12:22" && first.created.offsetSeconds == 0 && first.text == "Entry Number One.")
        let fictional = try book(workspace, export: ["path": "dayone2_json/automattic_fictional", "format": "dayone"])
        #expect(fictional.imported?.detected == false && fictional.entries.count == 3)
        #expect(fictional.entries.flatMap(\.photos).map(\.name) == ["photos/a36a701e0fe5e46e37fb460b40ccda7b.png"])
        #expect(fictional.imported?.journal.journals.map(\.title) == ["Fictional Journal"])
    }

    @Test func dayOneClassicReadsPropertyLists() throws {
        let workspace = try workspace()
        let (entries, imported) = try book(workspace, export: "dayone_classic_doentry")
        #expect(imported?.format == .dayoneClassic && entries.count == 4)
        // 2013-05-17T18:39:20Z in Los Angeles (PDT, UTC−7).
        let tagged = try #require(entries.first { $0.id == "044F3747A38546168B572C2E3F217FA2" })
        #expect(day(tagged) == "2013-05-17 11:39" && tagged.created.offsetSeconds == -7 * 3600 && tagged.text == "This entry has tags!")
        // The entry without a time zone is taken in UTC, and the report says so.
        #expect(imported?.notices.contains { $0.code == "import-no-time-zone" && $0.entry == "4BB1F46946AD439996C9B59DE7C4DDC1" } == true)
    }

    @Test func jrnlTextAndJSONInTheOrdersZone() throws {
        let workspace = try workspace()
        let text = try book(workspace, export: ["path": "jrnl/jrnl_basic_onefile.journal", "timezone": "Europe/Berlin"])
        #expect(text.imported?.format == .jrnl && text.imported?.assumedTimeZone == "Europe/Berlin")
        #expect(text.entries.map(\.title) == ["Entry the first.", "A second entry in what I hope to be a long series.",
                                          "The third entry finally after weeks without writing."])
        // 2020-08-29 11:11 in Berlin is summer time, UTC+2.
        #expect(day(text.entries[0]) == "2020-08-29 11:11" && text.entries[0].created.offsetSeconds == 7200)
        #expect(text.entries[0].text.hasPrefix("Lorem @ipsum dolor sit amet"))
        let json = try book(workspace, export: "jrnl/jrnl_json_export_example_from_docs.json")
        #expect(json.imported?.assumedTimeZone == "UTC")
        #expect(json.entries.map(\.title) == ["This is the first sample entry", "This is the second sample entry", "This is the third sample entry"])
        #expect(json.entries.map(day) == ["2020-06-28 18:22", "2020-07-01 20:00", "2020-07-02 09:00"])
        let wrong = try? book(workspace, export: ["path": "jrnl/jrnl_basic_onefile.journal", "timezone": "Mars/Olympus"])
        #expect(wrong == nil, "an unknown zone is an error naming export.timezone")
    }

    @Test func aMarkdownFolderOfDailyNotes() throws {
        let workspace = try workspace()
        let notes = workspace.exports.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes.appendingPathComponent("attachments"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg"),
                                         to: notes.appendingPathComponent("attachments/pizza.jpg"))
        try Data("---\ntitle: \"Pizza night\"\ndate: 2025-03-14 19:30\ntags: food\n---\nWe made pizza.\n\n![The first one](attachments/pizza.jpg)\n".utf8)
            .write(to: notes.appendingPathComponent("pizza.md"))
        try Data("A quiet day.\n".utf8).write(to: notes.appendingPathComponent("2025-03-15.md"))
        try Data("Rain, then sun.\n\n![gone](attachments/missing.jpg)\n![escape](../../secret.jpg)\n".utf8)
            .write(to: notes.appendingPathComponent("2025-03-16 Weather.md"))
        let (entries, imported) = try book(workspace, export: ["path": "notes", "timezone": "Europe/Madrid"])
        #expect(imported?.format == .markdown && entries.count == 3)
        let pizza = try #require(entries.first { $0.title == "Pizza night" })
        #expect(day(pizza) == "2025-03-14 19:30" && pizza.created.offsetSeconds == 3600 && pizza.text == "We made pizza.")
        #expect(pizza.photos.map(\.name) == ["attachments/pizza.jpg"] && pizza.photos.first?.caption == "The first one")
        #expect(entries.first { $0.id == "2025-03-15" }?.title == nil)
        #expect(entries.first { $0.id == "2025-03-16-Weather" }?.title == "Weather")
        #expect(imported?.notices.filter { $0.code == "import-photo-missing" }.count == 2, "a missing photo and one outside the export")
    }

    /// Tags have no place in a book unless the order asks: `book.show_tags` prints them under
    /// each entry's head, in the PDF and the EPUB.
    @Test func tagsArePrintedOnlyWhenTheOrderAsks() throws {
        let workspace = try workspace()
        let classic = try book(workspace, export: "dayone_classic_doentry")
        #expect(classic.entries.first { $0.id == "044F3747A38546168B572C2E3F217FA2" }?.tags == ["work", "PLaY"])
        #expect(try book(workspace, export: "jrnl/jrnl_basic_onefile.journal").entries.first?.tags == ["ipsum", "tagone", "tagtwo"])
        for show in [false, true] {
            var order = order("tags-\(show)", export: "dayone_classic_doentry")
            var book = order["book"] as? [String: Any] ?? [:]
            book["show_tags"] = show
            order["book"] = book
            let (report, folder) = try workspace.render(order, name: "tags-\(show)")
            #expect(report.status == .done, "\(String(describing: report.error))")
            let text = try Tool.run("pdftotext", [folder.appendingPathComponent("interior.pdf").path, "-"]).output
            #expect(text.contains("work · PLaY") == show, "show_tags \(show)")
            let chapters = try ZipReading.names(folder.appendingPathComponent("book.epub")).filter { $0.hasSuffix(".xhtml") }
            let markup = try chapters.map { try ZipReading.text(folder.appendingPathComponent("book.epub"), $0) }.joined()
            #expect(markup.contains("<p class=\"tags\">work · PLaY</p>") == show)
        }
    }

    /// Every format, rendered whole: the PDF verifier (inside the job) and EPUBCheck accept them.
    @Test func everyFormatBecomesABook() throws {
        let workspace = try workspace()
        let notes = workspace.exports.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("Spring at last.\n".utf8).write(to: notes.appendingPathComponent("2025-04-01.md"))
        var epubs: [URL] = []
        for (index, export) in ["dayone2_json/automattic_fictional", "dayone2_json/jrnl_dayone2.json", "dayone_classic_doentry",
                                "jrnl/jrnl_basic_onefile.journal", "jrnl/jrnl_json_export_example_from_docs.json", "notes"].enumerated() {
            var order = order("book-\(index)", export: export)
            var book = order["book"] as? [String: Any] ?? [:]
            book["show_tags"] = true  // so that EPUBCheck reads the tags' markup too
            order["book"] = book
            let (report, folder) = try workspace.render(order, name: "book-\(index)")
            #expect(report.status == .done, "\(export): \(String(describing: report.error))")
            #expect(report.preflight.contains { $0.code == "export-format" }, "\(export): the report says what it read")
            #expect(report.entries.included > 0)
            epubs.append(folder.appendingPathComponent("book.epub"))
        }
        for (file, outcome) in try EPUBCheck.run(epubs) {
            #expect(outcome.clean, "\(file.path): \(outcome.output)")
        }
    }

    /// Each image CommonMark reads is a photo, whatever its destination holds: balanced
    /// parentheses, angle brackets, a title. One the scanner misread used to stop every later
    /// image of the note from becoming a photo.
    @Test func imageDestinationsAreReadAsCommonMarkReadsThem() {
        let text = "A ![](photo(1).jpg) b ![two](<my photo.jpg>) c ![three](c.jpg \"The quay\") d `![code](x.jpg)` ![last](d.jpg)"
        let (targets, rest) = ImportSupport.images(in: text)
        #expect(targets.map(\.target) == ["photo(1).jpg", "my photo.jpg", "c.jpg", "d.jpg"])
        #expect(targets.map(\.alt) == ["", "two", "three", "last"])
        #expect(rest == "A b c d `![code](x.jpg)`")
    }
}
