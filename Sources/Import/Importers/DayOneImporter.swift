import Diagnostics
import Document
import Foundation

/// Day One's JSON export (Day One 2 and later): `JOURNAL.json` files (one per journal, named
/// after it) and `photos/` named by each photo's `md5` and `type`. An entry's day is the day in
/// its own `timeZone`; `![](dayone-moment://ID)` places the photo of that `identifier`: its
/// photos follow the text in the order their placeholders name them.
enum DayOneImporter {
    static func read(_ location: URL, shownAs shown: String) throws(InputError) -> ImportedExport {
        var isFolder: ObjCBool = false
        FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder)
        let folder = isFolder.boolValue ? location : location.deletingLastPathComponent()
        let files = isFolder.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: location.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
                .map { location.appendingPathComponent($0) }
            : [location]
        var journals: [(id: String, title: String)] = []
        var entries: [Journal.Entry] = []
        var notices: [Diagnostic] = []
        var issues: [Diagnostic] = []
        var attachments = 0
        for file in files {
            let title = file.deletingPathExtension().lastPathComponent
            let id = ImportSupport.identifier(title)
            let fileShown = shown + "/" + file.lastPathComponent
            guard let data = FileManager.default.contents(atPath: file.path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let items = object["entries"] as? [[String: Any]] else {
                issues.append(Diagnostic(code: .invalidJSON, file: fileShown, path: "", message: "not a Day One JSON export (no entries)"))
                continue
            }
            journals.append((id, title))
            for (index, item) in items.enumerated() {
                let uuid = item["uuid"] as? String ?? "\(id)-\(index)"
                guard let created = (item["creationDate"] as? String).flatMap(Timestamp.init(rfc3339:)) else {
                    issues.append(Diagnostic(code: .invalidValue, file: fileShown, path: "entries[\(index)].creationDate", entry: uuid,
                                             message: "expected an ISO 8601 instant such as 2020-01-10T12:22:12Z"))
                    continue
                }
                var zone = TimeZone(identifier: "UTC") ?? .current
                if let name = item["timeZone"] as? String {
                    if let named = TimeZone(identifier: name) { zone = named } else {
                        notices.append(Diagnostic(code: .importUnknownTimeZone,
                                                  message: "time zone \"\(name)\" is unknown: the entry's day is taken in UTC", entry: uuid))
                    }
                }
                let (text, photos, offsets, entryNotices) = placePhotos(item, uuid: uuid, folder: folder)
                notices += entryNotices
                for kind in ["videos", "audios", "pdfAttachments"] where !((item[kind] as? [Any]) ?? []).isEmpty {
                    let count = (item[kind] as? [Any])?.count ?? 0
                    attachments += count
                    notices.append(Diagnostic(code: .importAttachmentNotPrinted, message: "\(count) \(kind) cannot be printed", entry: uuid))
                }
                var entry = Journal.Entry(id: uuid, journal: id, created: ImportSupport.timestamp(created.date, in: zone), title: nil,
                                          text: text, archived: false, photos: photos, tags: item["tags"] as? [String] ?? [],
                                          photoOffsets: offsets)
                entry.source = item["text"] as? String ?? ""
                entry.dialect = .dayOne
                entry.allDay = item["isAllDay"] as? Bool ?? false
                entries.append(entry)
            }
        }
        guard issues.isEmpty else { throw InputError(issues) }
        var imported = ImportedExport(journal: Journal(folder: folder, journals: journals, entries: entries), format: .dayone,
                                      detected: false, notices: notices)
        imported.attachments = attachments
        return imported
    }

    /// The text without its photo placeholders, the photos where they stood (then any photo no
    /// placeholder names, after the text); a placeholder or a file that is missing is a notice,
    /// and the book keeps its place with the renderer's placeholder picture.
    private static func placePhotos(_ item: [String: Any], uuid: String, folder: URL) -> (String, [BookPhoto], [Int], [Diagnostic]) {
        let described = (item["photos"] as? [[String: Any]]) ?? []
        let (references, text) = ImportSupport.images(in: DayOneText.markdown(item["text"] as? String ?? ""))
        var notices: [Diagnostic] = []
        var order: [(photo: [String: Any], offset: Int)] = []
        for reference in references where reference.target.hasPrefix("dayone-moment://") {
            let identifier = String(reference.target.dropFirst("dayone-moment://".count))
            if let photo = described.first(where: { $0["identifier"] as? String == identifier }) {
                order.append((photo, reference.offset))
            } else if !(((item["videos"] as? [[String: Any]]) ?? []).contains { $0["identifier"] as? String == identifier }) {
                notices.append(Diagnostic(code: .importPhotoMissing, message: "dayone-moment://\(identifier) names no photo", entry: uuid))
                order.append((["identifier": identifier], reference.offset))
            }
        }
        order += described.filter { photo in !order.contains { $0.photo["identifier"] as? String == photo["identifier"] as? String } }
            .map { ($0, text.count) }
        var photos: [BookPhoto] = []
        var offsets: [Int] = []
        for (photo, offset) in order {
            offsets.append(offset)
            guard let md5 = photo["md5"] as? String, !md5.isEmpty, md5.allSatisfy(\.isHexDigit) else {
                photos.append(ImportSupport.missingPhoto("dayone-moment://\(photo["identifier"] as? String ?? "")", in: folder))
                continue
            }
            let name = "photos/\(md5).\(photo["type"] as? String ?? "jpeg")"
            guard let file = try? ConfinedPath.resolve(name, under: folder), FileManager.default.fileExists(atPath: file.path) else {
                notices.append(Diagnostic(code: .importPhotoMissing, message: "\(name) is not in the export", entry: uuid))
                photos.append(ImportSupport.missingPhoto(name, in: folder))
                continue
            }
            photos.append(BookPhoto(name: name, file: file, caption: nil))
        }
        return (text, photos, offsets, notices)
    }
}
