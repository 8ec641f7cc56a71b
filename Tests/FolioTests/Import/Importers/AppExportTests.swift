import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Exports laid out as the apps write them (Day One JSON and Classic packages, Obsidian vaults,
/// Logseq graphs, year and month folders): every construct reaches the page or is reported,
/// the accounting adds up, and every book is one EPUBCheck accepts.
@Suite(.serialized) struct AppExportTests {
    let workspace: Workspace
    let photo = corpusRoot.appendingPathComponent("photos/color/prism_pizza-progressive.jpg")

    init() throws { workspace = try Workspace() }

    func write(_ text: String, _ path: String) throws { try workspace.writeExportFile(text, path) }

    func copyPhoto(_ path: String) throws {
        let file = workspace.exports.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photo, to: file)
    }

    func render(_ export: Any, name: String) throws -> (report: JobReport, folder: URL, text: String) {
        let order = Sample.order(id: name, export: "unused", outputs: ["interior", "epub"], extra: ["export": export])
        let (report, folder) = try workspace.render(order, name: name)
        let pdf = folder.appendingPathComponent("interior.pdf")
        let text = FileManager.default.fileExists(atPath: pdf.path) ? try Tool.pdfText(pdf).joined() : ""
        return (report, folder, text)
    }

    func chapters(_ folder: URL) throws -> String {
        try Tool.run("unzip", ["-p", folder.appendingPathComponent("book.epub").path, "OEBPS/chapter-*.xhtml"]).output
    }

    func expectAccounted(_ report: JobReport, _ comment: Comment) {
        #expect(report.accounting?.addsUp == true, comment)
    }

    @Test func dayOneParagraphsAngleBracketsAndMissingMoments() throws {
        try copyPhoto("dayone/photos/0123456789abcdef0123456789abcdef.jpeg")
        let text = "# Morning\nFirst paragraph typed.\nSecond paragraph after one Return.\nI <wrap> text and What <about this>?\n"
            + "Who knows.<br><br>Am I here\n![](dayone-moment://P1)\nAfter the photo\\.\n![](dayone-moment://GONE)\nThe end\\."
        let export: [String: Any] = ["metadata": ["version": "1.0"], "entries": [
            ["uuid": "A1", "creationDate": "2024-05-01T08:00:00Z", "timeZone": "Europe/Berlin", "text": text,
             "photos": [["identifier": "P1", "md5": "0123456789abcdef0123456789abcdef", "type": "jpeg"]]],
            ["uuid": "A2", "creationDate": "2024-05-02T08:00:00Z", "timeZone": "Europe/Berlin", "text": "  \n"],
        ]]
        try write(String(decoding: try JSONSerialization.data(withJSONObject: export), as: UTF8.self), "dayone/Journal.json")
        let (report, folder, pdf) = try render("dayone", name: "dayone")
        #expect(report.status == .done, "\(String(describing: report.error))")
        for words in ["I <wrap> text and What <about this>?", "First paragraph typed.\nSecond paragraph after one Return.", "Who knows.\nAm I here"] {
            #expect(pdf.contains(words), "\(words)")
        }
        let xhtml = try chapters(folder)
        #expect(xhtml.contains("<p>First paragraph typed.</p>") && xhtml.contains("<p>Second paragraph after one Return.</p>"))
        #expect(xhtml.contains("I &lt;wrap&gt; text"))
        // The moment with no photo keeps its place; the empty entry is not printed, and both are said.
        // One finding for the missing moment, naming the page its placeholder stands on.
        let missing = report.preflight.filter { $0.entry == "A1" && $0.code.hasSuffix("photo-missing") }
        #expect(missing.count == 1 && missing.first?.code == "import-photo-missing" && (missing.first?.page ?? 0) >= 1, "\(missing)")
        #expect(report.preflight.contains { $0.code == "entry-empty" && $0.entry == "A2" })
        let accounting = try #require(report.accounting)
        #expect(accounting.source.entries == 2 && accounting.printed.entries == 1 && accounting.notPrinted.entries == 1)
        #expect(accounting.source.photos == 2 && accounting.printed.photos == 1 && accounting.notPrinted.photos == 1)
        expectAccounted(report, "Day One")
    }

    @Test func dayOneClassicPackageWithARepeatedUUID() throws {
        for (file, text, date) in [("one", "The first of two.", "2013-05-17T18:39:20Z"), ("two", "The second, same UUID.", "2013-05-18T18:39:20Z")] {
            let plist: [String: Any] = ["UUID": "DUP", "Creation Date": ISO8601DateFormatter().date(from: date) ?? Date(),
                                        "Entry Text": text, "Time Zone": "America/Los_Angeles", "Starred": false]
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            let url = workspace.exports.appendingPathComponent("Journal.dayone/entries/\(file).doentry")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        try copyPhoto("Journal.dayone/photos/DUP.jpg")
        let (report, folder, pdf) = try render("Journal.dayone", name: "classic")
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.preflight.contains { $0.code == "export-format" && $0.message.contains("Day One Classic") })
        #expect(report.preflight.contains { $0.code == "import-duplicate-id" && $0.entry == "DUP-2" })
        #expect(pdf.contains("The first of two.") && pdf.contains("The second, same UUID."))
        #expect(report.accounting?.printed.photos == 2)
        let ids = try chapters(folder).components(separatedBy: "id=\"entry-DUP").count - 1
        #expect(ids >= 2)
        expectAccounted(report, "Classic")
        // Named as it is, the package reads the same.
        #expect(try render(["path": "Journal.dayone", "format": "dayone-classic"], name: "classic-named").report.status == .done)
    }

    @Test func anObsidianVault() throws {
        try write("{}", "vault/.obsidian/app.json")
        try write("{\"folder\":\"Daily\"}", "vault/.obsidian/daily-notes.json")
        try copyPhoto("vault/attachments/cat.jpg")
        try write("""
            ---
            tags:
              - walk
              - spring
            ---
            Morning walk. ![[cat.jpg|300]] The cat followed me home, see [the map](https://example.com/map) later.
            Met [[Anna Petrova|Anna]] at the [[Park]], read [[Notes#Ideas]].

            > [!info] A callout title
            > Inside the callout.

            %% a private comment %%
            The end. ^block1
            """, "vault/Daily/2024-05-01.md")
        try write("Прогулка по парку.\n", "vault/Daily/2024-05-02 Прогулка.md")
        try write("Встреча с друзьями.\n", "vault/Daily/2024-05-02 Встреча.md")
        try write("---\ndate: 2010-02-02 17:05:32 -04:00\n---\nAn old note, written in its own offset.\n", "vault/Daily/old.md")
        try write("# About this vault\nNot a diary entry.\n", "vault/README.md")
        try write("An idea without a date.\n", "vault/Notes/Idea.md")
        let (report, folder, pdf) = try render("vault", name: "obsidian")
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.preflight.contains { $0.code == "export-format" && $0.message.contains("Obsidian vault") })
        let flat = pdf.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\u{AD}", with: "")
        for words in ["The cat followed me home, see the map later.", "Met Anna at the Park, read Notes › Ideas.", "A callout title",
                      "Inside the callout.", "The end.", "Прогулка по парку.", "Встреча с друзьями.", "An old note"] {
            #expect(flat.contains(words), "\(words)")
        }
        for absent in ["Anna Petrova", "[!info]", "private comment", "^block1", "example.com", "![["] { #expect(!flat.contains(absent), "\(absent)") }
        let skipped = try #require(report.preflight.first { $0.code == "import-notes-skipped" })
        #expect(skipped.message.contains("README.md") && skipped.message.contains("Notes/Idea.md"))
        #expect(report.accounting?.printed.photos == 1 && report.accounting?.notPrinted.entries == 2)
        // 2010-02-02 17:05 at −04:00 is the 2nd, whatever zone the order reads local times in.
        #expect(pdf.contains("2 FEBRUARY 2010 · 17:05"))
        #expect(try chapters(folder).contains("Прогулка"))
        expectAccounted(report, "Obsidian")
    }

    @Test func aLogseqGraph() throws {
        try write(";; config\n{}", "graph/logseq/config.edn")
        try write("- A page, not a journal day\n", "graph/pages/Some page.md")
        try copyPhoto("graph/assets/image_1680000000000_0.jpg")
        try write("""
            title:: May 3rd, 2024
            - Went to the market #errands
            \t- Bought apples
            \t- Bought bread
            \t  id:: 6356e902-3b7b-4cb2-8c3e-6a904c813c40
            - TODO Call mum
              :LOGBOOK:
              CLOCK: [2024-05-03 Fri 10:00]--[2024-05-03 Fri 10:05] =>  00:05:00
              :END:
            - See ((6356e902-3b7b-4cb2-8c3e-6a904c813c40)) and {{query (todo later)}} here.
            - ![image.png](../assets/image_1680000000000_0.jpg)
            - ## Evening
            - Read [[A Book]] by the window.
            """, "graph/journals/2024_05_03.md")
        let (report, _, pdf) = try render("graph", name: "logseq")
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.preflight.contains { $0.code == "export-format" && $0.message.contains("Logseq graph") })
        for words in ["Went to the market #errands", "Bought apples", "Bought bread", "TODO Call mum", "See and here.", "Evening",
                      "Read A Book by the window."] {
            #expect(pdf.contains(words), "\(words)")
        }
        for absent in ["LOGBOOK", "CLOCK", "6356e902", "query", "title::", "[["] { #expect(!pdf.contains(absent), "\(absent)") }
        #expect(report.preflight.contains { $0.code == "import-logseq-not-printed" && $0.message.contains("block reference") })
        #expect(report.preflight.contains { $0.code == "import-notes-skipped" && $0.message.contains("pages/Some page.md") })
        #expect(report.accounting?.printed.photos == 1)
        expectAccounted(report, "Logseq")
    }

    @Test func yearAndMonthFoldersAndAnExportWithNothingToPrint() throws {
        try write("Deep in the folders.\n", "Journal/2020/2020-05/2020-05-01.md")
        try write("<br>Line one<br/>line two\n", "Journal/2020/2020-06/2020-06-01.md")
        let (report, _, pdf) = try render("Journal", name: "deep")
        #expect(report.status == .done && report.entries.included == 2, "\(String(describing: report.error))")
        #expect(pdf.contains("Deep in the folders.") && pdf.contains("Line one\nline two"))
        // A format named on a folder that holds none of it: no book, no delivery, and why.
        try write("not a journal\n", "empty/README.txt")
        for (format, label) in [("jrnl", "jrnl"), ("dayone-classic", "Day One Classic"), ("markdown", "Markdown")] {
            let order = Sample.order(id: "none-\(format)", export: "unused", outputs: ["interior", "epub"],
                                     extra: ["export": ["path": "empty", "format": format]])
            let (file, data) = try workspace.writeOrder(order, name: "none-\(format).json")
            let folder = workspace.jobs.appendingPathComponent("none-\(format)")
            let failed = Pipeline(config: try workspace.config).run(orderData: data, orderFile: file.path, into: folder, deliver: true)
            #expect(failed.status == .failed && failed.error?.code == "nothing-to-print", "\(format)")
            #expect(failed.error?.message.contains("read as \(label)") == true && failed.error?.message.contains("README.txt") == true,
                    "\(String(describing: failed.error?.message))")
            #expect(failed.outputs.isEmpty && failed.uploads.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("interior.pdf").path))
        }
    }

    @Test func everyAppsBookPassesEPUBCheck() throws {
        try dayOneParagraphsAngleBracketsAndMissingMoments()
        try dayOneClassicPackageWithARepeatedUUID()
        try anObsidianVault()
        try aLogseqGraph()
        let books = ["dayone", "classic", "obsidian", "logseq"].map { workspace.jobs.appendingPathComponent("\($0)/book.epub") }
        for (file, outcome) in try EPUBCheck.run(books) {
            #expect(outcome.clean, "\(file.path): \(outcome.output)")
        }
    }
}
