import Foundation
import Render

/// jrnl: its JSON export (`entries[].date`, `time`, `title`, `body`) or its plain-text journal
/// (`[YYYY-MM-DD HH:MM] Title` lines, the body below, `*` after the title for a starred entry).
/// jrnl records no offset: local times are read in the export's `timezone`, else UTC, and the
/// report says which.
enum JrnlImporter {
    static func read(_ location: URL, timeZone: String?, shownAs shown: String) throws(InputError) -> ImportedExport {
        let zoneName = timeZone ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw InputError([InputIssue(code: "invalid-value", file: shown, path: "export.timezone",
                                         message: "\"\(zoneName)\" is not an IANA time zone such as Europe/Berlin")])
        }
        guard let data = FileManager.default.contents(atPath: location.path) else {
            throw InputError([InputIssue(code: "not-found", file: shown, path: "export", message: "cannot read the jrnl journal")])
        }
        var raw: [(date: String, time: String, title: String, body: String)] = []
        var tags: [[String]] = []
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let items = object["entries"] as? [[String: Any]] {
            raw = items.map { ($0["date"] as? String ?? "", $0["time"] as? String ?? "", $0["title"] as? String ?? "", $0["body"] as? String ?? "") }
            tags = items.map { ($0["tags"] as? [String] ?? []).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } }
        } else {
            raw = parseText(String(decoding: data, as: UTF8.self))
            tags = raw.map { atTags($0.title + " " + $0.body) }
        }
        var entries: [Journal.Entry] = []
        var issues: [InputIssue] = []
        for (index, item) in raw.enumerated() {
            let id = String(format: "jrnl-%04d", index + 1)
            let day = item.date.split(separator: "-").compactMap { Int($0) }, clock = item.time.split(separator: ":").compactMap { Int($0) }
            guard day.count == 3, clock.count >= 2,
                  let created = ImportSupport.timestamp(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1], in: zone) else {
                issues.append(InputIssue(code: "invalid-value", file: shown, path: "entries[\(index)].date", entry: id,
                                         message: "expected a date YYYY-MM-DD and a time HH:MM, got \"\(item.date) \(item.time)\""))
                continue
            }
            let title = item.title.trimmingCharacters(in: .whitespaces)
            entries.append(Journal.Entry(id: id, journal: "journal", created: created, title: title.isEmpty ? nil : title,
                                         text: item.body.trimmingCharacters(in: .whitespacesAndNewlines), archived: false, photos: [],
                                         tags: index < tags.count ? tags[index] : []))
        }
        guard issues.isEmpty else { throw InputError(issues) }
        var imported = ImportedExport(journal: Journal(folder: location.deletingLastPathComponent(), journals: [("journal", "Journal")],
                                                       entries: entries), format: .jrnl, detected: false, notices: [])
        imported.assumedTimeZone = zoneName
        return imported
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

    /// `[2020-08-29 11:11] Title`: the heading of a jrnl text entry.
    static func isHeading(_ line: String) -> Bool { heading(line) != nil }

    private static func heading(_ line: String) -> (date: String, time: String, title: String)? {
        let chars = Array(line)
        guard chars.count >= 18, chars[0] == "[", chars[17] == "]" else { return nil }
        let date = String(chars[1...10]), time = String(chars[12...16])
        guard date.count == 10, date.filter(\.isNumber).count == 8, time.filter(\.isNumber).count == 4 else { return nil }
        var title = String(chars[18...]).trimmingCharacters(in: .whitespaces)
        if title.hasSuffix(" *") || title == "*" { title = String(title.dropLast()).trimmingCharacters(in: .whitespaces) }
        return (date, time, title)
    }

    private static func parseText(_ text: String) -> [(date: String, time: String, title: String, body: String)] {
        var entries: [(date: String, time: String, title: String, body: String)] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let head = heading(String(line)) {
                entries.append((head.date, head.time, head.title, ""))
            } else if !entries.isEmpty {
                entries[entries.count - 1].body += String(line) + "\n"
            }
        }
        return entries
    }
}
