import Foundation

/// Why a job has no book to make: what the export was read as, what it held, and what the
/// folder looks like, so that a wrong `format` or path is plain from the message alone.
enum NothingToPrint {
    static func message(input: JobInput, accounting: Accounting) -> String {
        let format = input.imported.map { "read as \($0.format.label)\($0.detected ? " (detected)" : "")" } ?? "read as folio-journal/1"
        var parts = ["no entry of the export can be printed: \(format), it holds \(accounting.source.entries) entr\(accounting.source.entries == 1 ? "y" : "ies")"]
        if accounting.outOfScope.entries > 0 { parts.append("\(accounting.outOfScope.entries) outside the order's scope") }
        if accounting.archived.entries > 0 { parts.append("\(accounting.archived.entries) archived") }
        if accounting.notPrinted.entries > 0 { parts.append("\(accounting.notPrinted.entries) empty") }
        return parts.joined(separator: ", ") + "; " + describe(input.journal.folder)
    }

    /// `the folder …/x holds: 2 folders (entries, photos), 1 file (README.md)`.
    static func describe(_ folder: URL) -> String {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var folders: [String] = [], files: [String] = []
        for name in names {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            if isFolder.boolValue { folders.append(name) } else { files.append(name) }
        }
        func list(_ items: [String], _ word: String) -> String {
            "\(items.count) \(word)\(items.count == 1 ? "" : "s")" + (items.isEmpty ? "" : " (\(items.prefix(6).joined(separator: ", "))\(items.count > 6 ? ", …" : ""))")
        }
        return "the folder \(folder.path) holds \(list(folders, "folder")), \(list(files, "file"))"
    }
}
