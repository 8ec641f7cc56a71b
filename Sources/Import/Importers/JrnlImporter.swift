import Diagnostics
import Document
import Foundation

/// jrnl (4.x): its JSON export (`entries[].date`, `time`, `title`, `body`), its plain-text
/// journal, a folder journal (`YYYY/MM/DD.txt`, each a text journal of that day) and its
/// Markdown export (one file, or a folder of one file per entry). Text headings are read in
/// the order's `timeformat`, else in the first common one that reads them all (jrnl's default
/// `%F %r` first). jrnl records no offset: local times are read in the export's `timezone`,
/// else UTC, and the report says which.
enum JrnlImporter {
    static func read(_ location: URL, timeZone: String?, timeFormat: JrnlTimeFormat?, shownAs shown: String) throws(InputError) -> ImportedExport {
        let zoneName = timeZone ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw InputError([Diagnostic(code: .invalidValue, file: shown, path: "export.timezone",
                                         message: "\"\(zoneName)\" is not an IANA time zone such as Europe/Berlin")])
        }
        var raw: [JrnlText.Entry] = []
        var notices: [Diagnostic] = []
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder)
        let folder = isFolder.boolValue ? location : location.deletingLastPathComponent()
        if isFolder.boolValue {
            let days = JrnlFolder.dayFiles(location)
            if !days.isEmpty {
                let texts = days.map { (try? String(contentsOf: $0.file, encoding: .utf8)) ?? "" }
                let format = JrnlText.format(for: texts, given: timeFormat) ?? JrnlTimeFormat.common[0]
                for (day, text) in zip(days, texts) {
                    let (entries, unread) = JrnlText.entries(text, format: format)
                    notices += unreadNotices(unread, firstIndex: raw.count)
                    // The folder names the day; the heading gives the time.
                    raw += entries.map { entry in
                        var entry = entry
                        (entry.fields.year, entry.fields.month, entry.fields.day) = (day.year, day.month, day.day)
                        return entry
                    }
                }
            } else {
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []).filter { $0.lowercased().hasSuffix(".md") }.sorted()
                let texts = files.map { (try? String(contentsOf: location.appendingPathComponent($0), encoding: .utf8)) ?? "" }
                if let format = JrnlText.format(for: texts, given: timeFormat, markdown: true) {
                    raw = texts.flatMap { JrnlText.markdownEntries($0, format: format) }
                }
            }
        } else {
            guard let data = FileManager.default.contents(atPath: location.path) else {
                throw InputError([Diagnostic(code: .notFound, file: shown, path: "export", message: "cannot read the jrnl journal")])
            }
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let items = object["entries"] as? [[String: Any]] {
                return try json(items, zone: zone, zoneName: zoneName, folder: folder, shown: shown)
            }
            let text = String(decoding: data, as: UTF8.self)
            if location.pathExtension.lowercased() == "md" {
                if let format = JrnlText.format(for: [text], given: timeFormat, markdown: true) {
                    raw = JrnlText.markdownEntries(text, format: format)
                }
            } else if let format = JrnlText.format(for: [text], given: timeFormat) {
                let (entries, unread) = JrnlText.entries(text, format: format)
                notices += unreadNotices(unread, firstIndex: 0)
                raw = entries
            }
        }
        var entries: [Journal.Entry] = []
        var issues: [Diagnostic] = []
        for (index, item) in raw.enumerated() {
            let id = String(format: "jrnl-%04d", index + 1)
            let f = item.fields
            guard let created = ImportSupport.timestamp(year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute, in: zone) else {
                issues.append(Diagnostic(code: .invalidValue, file: shown, path: "entries[\(index)]", entry: id,
                                         message: "no such day: \(f.year)-\(f.month)-\(f.day)"))
                continue
            }
            entries.append(entry(id: id, created: created, title: item.title, body: item.body, tags: atTags(item.title + " " + item.body)))
        }
        guard issues.isEmpty else { throw InputError(issues) }
        var imported = ImportedExport(journal: Journal(folder: folder, journals: [("journal", "Journal")], entries: entries),
                                      format: .jrnl, detected: false, notices: notices)
        imported.assumedTimeZone = zoneName
        return imported
    }

    private static func json(_ items: [[String: Any]], zone: TimeZone, zoneName: String, folder: URL, shown: String) throws(InputError) -> ImportedExport {
        var entries: [Journal.Entry] = []
        var issues: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            let id = String(format: "jrnl-%04d", index + 1)
            let date = item["date"] as? String ?? "", time = item["time"] as? String ?? ""
            let day = date.split(separator: "-").compactMap { Int($0) }, clock = time.split(separator: ":").compactMap { Int($0) }
            guard day.count == 3, clock.count >= 2,
                  let created = ImportSupport.timestamp(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1], in: zone) else {
                issues.append(Diagnostic(code: .invalidValue, file: shown, path: "entries[\(index)].date", entry: id,
                                         message: "expected a date YYYY-MM-DD and a time HH:MM, got \"\(date) \(time)\""))
                continue
            }
            let tags = (item["tags"] as? [String] ?? []).map { $0.hasPrefix("@") || $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            entries.append(entry(id: id, created: created, title: item["title"] as? String ?? "", body: item["body"] as? String ?? "", tags: tags))
        }
        guard issues.isEmpty else { throw InputError(issues) }
        var imported = ImportedExport(journal: Journal(folder: folder, journals: [("journal", "Journal")], entries: entries),
                                      format: .jrnl, detected: false, notices: [])
        imported.assumedTimeZone = zoneName
        return imported
    }

    private static func entry(id: String, created: Timestamp, title: String, body: String, tags: [String]) -> Journal.Entry {
        let title = title.trimmingCharacters(in: .whitespaces)
        var entry = Journal.Entry(id: id, journal: "journal", created: created, title: title.isEmpty ? nil : title,
                                  text: body.trimmingCharacters(in: .whitespacesAndNewlines), archived: false, photos: [], tags: tags)
        entry.source = body
        return entry
    }

    private static func unreadNotices(_ unread: [JrnlText.UnreadHeading], firstIndex: Int) -> [Diagnostic] {
        unread.map { heading in
            let owner = heading.entry >= 0 ? String(format: "jrnl-%04d", firstIndex + heading.entry + 1) : nil
            return Diagnostic(code: .importHeadingUnread,
                              message: "\"\(heading.line.prefix(80))\" looks like an entry's heading but its date cannot be read in the journal's timeformat: "
                                  + (owner == nil ? "the line is before the first entry and is not printed" : "it is printed as text of the entry before it"),
                              entry: owner)
        }
    }

    /// jrnl's `@tag` words in a text entry, in order, each once.
    static func atTags(_ text: String) -> [String] {
        var found: [String] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) where word.hasPrefix("@") {
            let tag = String(word.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            if !tag.isEmpty, !found.contains(tag) { found.append(tag) }
        }
        return found
    }

    /// `[2020-08-29 11:11] Title` (in any common timeformat): the heading of a jrnl text entry.
    static func isHeading(_ line: String) -> Bool {
        guard let (blob, _) = JrnlText.bracketed(Substring(line)) else { return false }
        return JrnlTimeFormat.common.contains { $0.readWhole(blob) != nil }
    }
}
