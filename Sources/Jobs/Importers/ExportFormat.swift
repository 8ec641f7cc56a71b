import Foundation

/// The journals an order's export may hold (`"export": {"path", "format"}`), and how a plain
/// path is recognised from its contents.
public enum ExportFormat: String, Sendable, CaseIterable {
    case folio
    case dayone
    case dayoneClassic = "dayone-classic"
    case jrnl
    case markdown

    public var label: String {
        switch self {
        case .folio: "folio-journal/1"
        case .dayone: "Day One JSON"
        case .dayoneClassic: "Day One Classic"
        case .jrnl: "jrnl"
        case .markdown: "Markdown folder"
        }
    }

    /// What `location` holds: `journal.json` is Folio's own; `*.doentry` files Day One Classic;
    /// a JSON file (or folder of them) with `entries[].uuid` and `creationDate` Day One; a JSON
    /// file with `entries[].date` and `time`, or a text file of `[YYYY-MM-DD HH:MM]` lines, jrnl;
    /// a folder of `.md` files Markdown. Nil when it is none of them.
    static func detect(_ location: URL) -> ExportFormat? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder) else { return nil }
        if !isFolder.boolValue {
            if location.pathExtension.lowercased() == "json" { return jsonFormat(location) }
            guard let handle = try? FileHandle(forReadingFrom: location) else { return nil }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 64)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return JrnlImporter.isHeading(head.split(separator: "\n").first.map(String.init) ?? "") ? .jrnl : nil
        }
        if FileManager.default.fileExists(atPath: location.appendingPathComponent("journal.json").path) { return .folio }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []
        if names.contains(where: { $0.hasSuffix(".doentry") }) { return .dayoneClassic }
        if let json = names.sorted().first(where: { $0.hasSuffix(".json") }), jsonFormat(location.appendingPathComponent(json)) == .dayone {
            return .dayone
        }
        if names.contains(where: { $0.lowercased().hasSuffix(".md") }) { return .markdown }
        return nil
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
