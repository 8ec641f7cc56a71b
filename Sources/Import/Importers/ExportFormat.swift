import Diagnostics
import Document
import Foundation

/// The journals an order's export may hold (`"export": {"path", "format"}`), and how a plain
/// path is recognised from its contents.
public enum ExportFormat: String, Sendable, CaseIterable {
    case folio
    case dayone
    case dayoneClassic = "dayone-classic"
    case jrnl
    case markdown
    case obsidian
    case logseq

    public var label: String {
        switch self {
        case .folio: "folio-journal/1"
        case .dayone: "Day One JSON"
        case .dayoneClassic: "Day One Classic"
        case .jrnl: "jrnl"
        case .markdown: "Markdown folder"
        case .obsidian: "Obsidian vault"
        case .logseq: "Logseq graph"
        }
    }

    /// What `location` holds: `journal.json` is Folio's own; `*.doentry` files (or a package's
    /// `entries/`) Day One Classic; a JSON file (or folder of them) with `entries[].uuid` and
    /// `creationDate` Day One; a JSON file with `entries[].date` and `time`, a text file of
    /// `[DATE] Title` lines, a `YYYY/MM/DD.txt` folder or a Markdown export of `DATE Title`
    /// headings, jrnl; a folder with `.obsidian/` an Obsidian vault, with `journals/` and
    /// `logseq/` or `pages/` a Logseq graph; any other folder of `.md` files (at any depth)
    /// Markdown. Nil when it is none of them.
    public static func detect(_ location: URL) -> ExportFormat? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder) else { return nil }
        if !isFolder.boolValue {
            if location.pathExtension.lowercased() == "json" { return jsonFormat(location) }
            if location.pathExtension.lowercased() == "md" { return isJrnlMarkdown([location]) ? .jrnl : nil }
            let first = head(location).split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            return JrnlImporter.isHeading(first.map(String.init) ?? "") ? .jrnl : nil
        }
        if FileManager.default.fileExists(atPath: location.appendingPathComponent("journal.json").path) { return .folio }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []
        if names.contains(where: { $0.hasSuffix(".doentry") }) { return .dayoneClassic }
        let entries = location.appendingPathComponent("entries").path
        if ((try? FileManager.default.contentsOfDirectory(atPath: entries)) ?? []).contains(where: { $0.hasSuffix(".doentry") }) { return .dayoneClassic }
        if let json = names.sorted().first(where: { $0.hasSuffix(".json") }), jsonFormat(location.appendingPathComponent(json)) == .dayone {
            return .dayone
        }
        if !JrnlFolder.dayFiles(location).isEmpty { return .jrnl }
        switch MarkdownImporter.layout(location) {
        case .obsidian: return .obsidian
        case .logseq: return .logseq
        case .folder: break
        }
        let markdown = names.filter { $0.lowercased().hasSuffix(".md") }.sorted()
        if !markdown.isEmpty, isJrnlMarkdown(markdown.prefix(3).map { location.appendingPathComponent($0) }) { return .jrnl }
        return NoteFiles(root: location, layout: .folder).paths.isEmpty ? nil : .markdown
    }

    /// jrnl's Markdown export: files whose first heading is an entry's (`# 2019-10-01 08:00:00 AM
    /// Title`, or `### …` under `# 2019`), its date in one of the common timeformats.
    private static func isJrnlMarkdown(_ files: [URL]) -> Bool {
        files.allSatisfy { file in
            head(file).split(separator: "\n").filter { $0.hasPrefix("# ") || $0.hasPrefix("### ") }.prefix(3).contains { heading in
                let text = heading.drop { $0 == "#" }.dropFirst()
                return JrnlTimeFormat.common.contains { $0.read(text) != nil }
            }
        }
    }

    /// The first 4 KB of a file as text (empty when it cannot be read): enough to recognise it.
    private static func head(_ file: URL) -> String {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return "" }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4096)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private static func jsonFormat(_ file: URL) -> ExportFormat? {
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let first = (object["entries"] as? [[String: Any]])?.first else { return nil }
        if first["uuid"] != nil, first["creationDate"] != nil { return .dayone }
        if first["date"] != nil, first["time"] != nil { return .jrnl }
        return nil
    }
}
