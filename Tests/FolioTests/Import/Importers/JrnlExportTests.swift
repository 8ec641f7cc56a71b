import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs

/// Journals written by jrnl itself (4.x, from PyPI): its default text journal (`%F %r`), another
/// `timeformat`, a folder journal and both Markdown exports, each read back with its entries'
/// titles, times, stars and tags, and printed whole.
@Suite(.serialized) struct JrnlExportTests {
    let workspace: Workspace
    let home: URL

    init() throws {
        workspace = try Workspace()
        home = workspace.root.appendingPathComponent("jrnl-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// A jrnl config (every key, so jrnl does not rewrite it) with the journals under the exports root.
    func config(timeformat: String) throws -> URL {
        let exports = workspace.exports.path
        let file = home.appendingPathComponent("jrnl-\(abs(timeformat.hashValue)).yaml")
        try Data("""
            colors: {body: none, date: none, tags: none, title: none}
            default_hour: 9
            default_minute: 0
            editor: ''
            encrypt: false
            highlight: false
            indent_character: '|'
            journals:
              default:
                journal: \(exports)/default.txt
              german:
                journal: \(exports)/german.txt
              folder:
                journal: \(exports)/folder/
            linewrap: 79
            tagsymbols: '@'
            template: false
            timeformat: '\(timeformat)'
            version: v4.6

            """.utf8).write(to: file)
        return file
    }

    @discardableResult
    func jrnl(_ config: URL, _ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.path
        let run = try Tool.run("jrnl", ["--config-file", config.path] + arguments, environment: environment)
        #expect(run.status == 0, "jrnl \(arguments): \(run.errors)")
        return run.output
    }

    func read(_ export: Any) throws -> (entries: [Journal.Entry], imported: ImportedExport?) {
        let order = Sample.order(id: "probe", export: "unused", extra: ["export": export])
        let input = try JobInput.load(orderData: try JSONSerialization.data(withJSONObject: order), orderFile: "probe.json",
                                      config: try workspace.config)
        return (input.journal.entries, input.imported)
    }

    func clock(_ entry: Journal.Entry) -> String {
        String(format: "%04d-%02d-%02d %02d:%02d", entry.created.local.year, entry.created.local.month, entry.created.local.day,
               entry.created.local.hour, entry.created.local.minute)
    }

    @Test func jrnlsOwnJournalsAndExportsReadBack() throws {
        let standard = try config(timeformat: "%F %r")
        try jrnl(standard, ["2019-10-01 08:00: A first title. The body of it, with @work in it."])
        try jrnl(standard, ["2019-10-02 21:30 *: Starred evening. Second body\\nwith a second line."])
        try jrnl(standard, ["folder", "2020-05-01 10:00: Folder entry. Kept in a folder journal."])
        let german = try config(timeformat: "%d.%m.%Y %H:%M")
        try jrnl(german, ["german", "2021-03-04 07:15: Frühstück. Kaffee und Brötchen."])
        // A line that looks like a heading but whose date cannot be read: jrnl keeps it as text.
        let text = workspace.exports.appendingPathComponent("default.txt")
        try (String(contentsOf: text, encoding: .utf8) + "[2019-13-45 99:99:99 AM] not a real date\n").write(to: text, atomically: true, encoding: .utf8)

        let plain = try read("default.txt")
        // jrnl writes the first line whole as the heading's title; the star is dropped.
        let titles = ["A first title.", "Starred evening. Second body"]
        #expect(plain.imported?.format == .jrnl && plain.entries.map(\.title) == titles)
        #expect(plain.entries.map(clock) == ["2019-10-01 08:00", "2019-10-02 21:30"])
        #expect(plain.entries[0].tags == ["work"] && plain.entries[1].text.hasPrefix("with a second line.\n[2019-13-45"))
        #expect(plain.imported?.notices.contains { $0.code == "import-heading-unread" && $0.entry == "jrnl-0002" } == true)

        let detected = try read("german.txt")
        #expect(detected.entries.map(clock) == ["2021-03-04 07:15"] && detected.entries.first?.title == "Frühstück.")
        let named = try read(["path": "german.txt", "format": "jrnl", "timeformat": "%d.%m.%Y %H:%M"])
        #expect(named.entries.map(clock) == ["2021-03-04 07:15"])

        let folder = try read("folder")
        #expect(folder.imported?.format == .jrnl && folder.entries.map(clock) == ["2020-05-01 10:00"])
        #expect(folder.entries.first?.text == "Kept in a folder journal.")

        let files = workspace.exports.appendingPathComponent("markdown-files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try jrnl(standard, ["--export", "md", "--file", files.path + "/"])
        let perEntry = try read("markdown-files")
        #expect(perEntry.imported?.format == .jrnl && perEntry.entries.map(\.title) == titles)
        #expect(perEntry.entries.map(clock) == ["2019-10-01 08:00", "2019-10-02 21:30"])
        try Data(try jrnl(standard, ["--export", "md"]).utf8).write(to: workspace.exports.appendingPathComponent("whole.md"))
        let whole = try read("whole.md")
        #expect(whole.entries.map(\.title) == titles && whole.entries.map(clock) == perEntry.entries.map(clock))
        #expect(whole.entries.first?.text == "The body of it, with @work in it.")

        // Each prints whole: the completeness check inside the job finds every word.
        for (index, export) in ["default.txt", "folder", "markdown-files", "whole.md"].enumerated() {
            let order = Sample.order(id: "jrnl-\(index)", export: export, outputs: ["interior", "epub"])
            let (report, _) = try workspace.render(order, name: "jrnl-\(index)")
            #expect(report.status == .done, "\(export): \(String(describing: report.error))")
            #expect(report.accounting?.addsUp == true)
        }
    }
}
