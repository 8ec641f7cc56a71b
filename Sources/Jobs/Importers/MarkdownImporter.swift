import Foundation
import Render

/// A folder of Markdown notes, one file per day or entry: the date from YAML front matter
/// (`date:`), else from the file name (`2025-03-14.md`, `2025-03-14 Title.md`); the title from
/// `title:`, else the rest of the file name; images by relative link, inside the export. The
/// front matter reader knows the subset notes use: `key: value` lines between `---` lines.
enum MarkdownImporter {
    static func read(_ location: URL, timeZone: String?, shownAs shown: String) throws(InputError) -> ImportedExport {
        let zone = TimeZone(identifier: timeZone ?? "UTC") ?? TimeZone(identifier: "UTC") ?? .current
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []).filter { $0.lowercased().hasSuffix(".md") }.sorted()
        var entries: [Journal.Entry] = []
        var notices: [RenderNotice] = []
        var issues: [InputIssue] = []
        for name in names {
            let file = location.appendingPathComponent(name)
            let stem = String(name.dropLast(3))
            let id = ImportSupport.identifier(stem)
            let source = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let (fields, body) = frontMatter(source)
            let dateText = fields["date"] ?? String(stem.prefix(10))
            guard let created = date(dateText, zone: zone) else {
                issues.append(InputIssue(code: "invalid-value", file: shown + "/" + name, path: "date", entry: id,
                                         message: "no date: expected front matter `date: 2025-03-14` or a file name starting 2025-03-14"))
                continue
            }
            let nameTitle = stem.count > 10 && fields["date"] == nil ? String(stem.dropFirst(10)).trimmingCharacters(in: .whitespaces) : ""
            let title = fields["title"] ?? (nameTitle.isEmpty ? nil : nameTitle)
            let (images, text) = ImportSupport.images(in: body)
            var photos: [BookPhoto] = []
            var offsets: [Int] = []
            for image in images {
                let target = image.target.removingPercentEncoding ?? image.target
                guard !target.contains("://"), let photo = try? ConfinedPath.resolve(target, under: location),
                      FileManager.default.fileExists(atPath: photo.path) else {
                    notices.append(RenderNotice(code: "import-photo-missing", message: "\(image.target) is not a file in the export", entry: id))
                    continue
                }
                photos.append(BookPhoto(name: target, file: photo, caption: image.alt.isEmpty ? nil : image.alt))
                offsets.append(image.offset)
            }
            let tags = (fields["tags"] ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[] ")).split(separator: ",")
                .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }.filter { !$0.isEmpty }
            entries.append(Journal.Entry(id: id, journal: "notes", created: created, title: title, text: text, archived: false, photos: photos,
                                         tags: tags, photoOffsets: offsets))
        }
        guard issues.isEmpty else { throw InputError(issues) }
        return ImportedExport(journal: Journal(folder: location, journals: [("notes", location.lastPathComponent)], entries: entries),
                              format: .markdown, detected: false, notices: notices)
    }

    /// `---` … `---` at the top: `key: value` pairs (quotes taken off), and the rest.
    static func frontMatter(_ text: String) -> (fields: [String: String], body: String) {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { return ([:], text) }
        var fields: [String: String] = [:]
        for line in lines[1..<end] {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" { value = String(value.dropFirst().dropLast()) }
            fields[key] = value
        }
        return (fields, lines[(end + 1)...].joined(separator: "\n"))
    }

    /// `2025-03-14`, `2025-03-14 09:30`, `2025-03-14T09:30` (in `zone`) or a full RFC 3339 instant.
    private static func date(_ text: String, zone: TimeZone) -> Timestamp? {
        if let exact = Timestamp(rfc3339: text) { return exact }
        let parts = text.replacingOccurrences(of: "T", with: " ").split(separator: " ")
        let day = parts.first.map { $0.split(separator: "-").compactMap { Int($0) } } ?? []
        let clock = parts.count > 1 ? parts[1].split(separator: ":").compactMap { Int($0) } : [12, 0]
        guard day.count == 3, clock.count >= 2 else { return nil }
        return ImportSupport.timestamp(year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1], in: zone)
    }
}
