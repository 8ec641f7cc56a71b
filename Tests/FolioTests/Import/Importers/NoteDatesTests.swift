import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

/// Days as the apps mean them (issue 33): the note name formats Obsidian's daily notes, the
/// Periodic Notes and Journals plugins and Logseq's config.edn declare; weekly and monthly
/// notes that are not days; `created:`; a weekday in a name that is not a title; Org pages.
@Suite(.serialized) struct NoteDatesTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    func write(_ text: String, _ path: String) throws { try workspace.writeExportFile(text, path) }

    func render(_ path: String) throws -> (report: JobReport, pdf: String) {
        let order = Sample.order(id: path, export: path, outputs: ["interior", "epub"])
        let (report, folder) = try workspace.render(order, name: path)
        #expect(report.status == .done, "\(path): \(String(describing: report.error))")
        return (report, try Tool.pdfText(folder.appendingPathComponent("interior.pdf")).joined())
    }

    @Test func momentFormatsReadNamesBackwards() {
        #expect(MomentFormat("DD-MM-YYYY").read("01-03-2024") == .init(year: 2024, month: 3, day: 1, isPeriod: false))
        #expect(MomentFormat("DD MMMM YYYY").read("01 March 2024") == .init(year: 2024, month: 3, day: 1, isPeriod: false))
        #expect(MomentFormat("YYYY-MM-DD dddd").read("2024-05-01 Wednesday")?.day == 1)
        #expect(MomentFormat("YYYY-MM-DD dddd").read("2024-05-01 Notes") == nil)
        #expect(MomentFormat("YYYY/MM/YYYY-MM-DD").read("2024/05/2024-05-02")?.day == 2)
        #expect(MomentFormat("MMM Do, YYYY").read("May 3rd, 2024") == .init(year: 2024, month: 5, day: 3, isPeriod: false))
        #expect(MomentFormat("gggg-[W]ww").read("2024-W18")?.isPeriod == true)
        #expect(MomentFormat("YYYY-MM").read("2024-05")?.isPeriod == true)
        #expect(MomentFormat("DD-MM-YYYY").read("32-01-2024") == nil)
        #expect(MomentFormat.logseq("yyyy_MM_dd").read("2024_05_04")?.day == 4)
        #expect(MomentFormat.logseq("EEE, MMM do, yyyy").read("Sat, May 4th, 2024")?.day == 4)
    }

    @Test func anObsidianVaultsOwnFormatsDecideItsDays() throws {
        try write("{}", "vault/.obsidian/app.json")
        try write(#"{"folder": "Daily", "format": "DD-MM-YYYY"}"#, "vault/.obsidian/daily-notes.json")
        try write(#"{"weekly": {"enabled": true, "format": "gggg-[W]ww", "folder": "Weekly"}, "monthly": {"enabled": true, "folder": "Monthly"}}"#,
                  "vault/.obsidian/plugins/periodic-notes/data.json")
        try write(#"{"version": 4, "journals": {"travel": {"write": {"type": "day"}, "dateFormat": "DD MMMM YYYY", "nameTemplate": "{{date}}", "folder": "Travel/{{date:YYYY}}"}}}"#,
                  "vault/.obsidian/plugins/journals/data.json")
        try write("A day named the European way.\n", "vault/Daily/01-03-2024.md")
        try write("A day in the name the Journals plugin gives.\n", "vault/Travel/2024/02 March 2024.md")
        try write("The week's plans.\n", "vault/Weekly/2024-W10.md")
        try write("The month's review.\n", "vault/Monthly/2024-03.md")
        try write("---\ncreated: 2024-03-04 07:45\n---\nCreated before breakfast.\n", "vault/Daily/04-03-2024.md")
        try write("---\ncreated: 2024-03-05T21:10\n---\nAn idea with its creation time.\n", "vault/Ideas/Idea.md")
        try write("%PDF-1.4\n", "vault/Files/ticket.pdf")
        let (report, pdf) = try render("vault")
        for words in ["A day named the European way.", "A day in the name the Journals plugin gives.", "Created before breakfast.",
                      "An idea with its creation time."] {
            #expect(pdf.contains(words), "\(words)")
        }
        #expect(pdf.contains("FRIDAY, 1 MARCH 2024 · 12:00") && pdf.contains("SATURDAY, 2 MARCH 2024"))
        #expect(pdf.contains("MONDAY, 4 MARCH 2024 · 07:45") && pdf.contains("TUESDAY, 5 MARCH 2024 · 21:10"))
        #expect(!pdf.contains("The week's plans.") && !pdf.contains("The month's review."))
        let periods = try #require(report.preflight.first { $0.code == "import-periodic-notes-skipped" })
        #expect(periods.message.contains("Weekly/2024-W10.md") && periods.message.contains("Monthly/2024-03.md"))
        #expect(report.preflight.contains { $0.code == "import-attachment-not-printed" && $0.message.contains("Files/ticket.pdf") })
        #expect(report.accounting?.addsUp == true)
    }

    @Test func aWeekdayInANameIsNotItsTitle() throws {
        try write("Midweek.\n", "notes/2024-05-01 Wednesday.md")
        try write("A titled day.\n", "notes/2024-05-02 Market day.md")
        let (_, pdf) = try render("notes")
        #expect(!pdf.contains("Wednesday") && pdf.contains("Market day"))
    }

    @Test func aLogseqGraphsConfigAndOrgPages() throws {
        try write("""
            {:meta/version 1
             ;; :journal/file-name-format "yyyy_MM_dd"
             :preferred-format :org
             :journal/file-name-format "yyyy-MM-dd"
             :journals-directory "daily"}
            """, "graph/logseq/config.edn")
        try write("- A Markdown day.\n", "graph/daily/2024-05-04.md")
        try write("""
            #+TITLE: May 5th, 2024
            * An Org day, read [[https://example.com][with the words of its link]].
            ** Nested under it
            * TODO Water the plants
            :LOGBOOK:
            CLOCK: [2024-05-05 Sun 10:00]
            :END:
            #+BEGIN_SRC python
            print("{{kept}}")
            #+END_SRC
            """, "graph/daily/2024-05-05.org")
        try write("- Not in the journals folder.\n", "graph/journals/2024_05_06.md")
        let (report, pdf) = try render("graph")
        for words in ["A Markdown day.", "An Org day, read with the words of its link.", "Nested under it", "TODO Water the plants",
                      #"print("{{kept}}")"#] {
            #expect(pdf.contains(words), "\(words)")
        }
        #expect(!pdf.contains("LOGBOOK") && !pdf.contains("TITLE") && !pdf.contains("example.com"))
        #expect(report.entries.included == 2)
    }
}
