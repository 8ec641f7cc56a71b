import Diagnostics
import Document
import Foundation

/// Day One Classic: `*.doentry` property lists (read by Foundation's `PropertyListSerialization`):
/// `Creation Date`, `Entry Text`, `Time Zone`, `UUID`, and a photo per entry in `photos/UUID.jpg`.
/// As Day One Classic keeps them on disk, a package (`Journal.dayone`, or `Journal_dayone` from
/// iCloud) holds them in `entries/` beside `photos/`; a plain folder of `.doentry` files is read
/// too. An entry without a time zone is taken in UTC, with a notice. Each Return is a paragraph.
enum DayOneClassicImporter {
    /// The folder holding the `.doentry` files: the package's `entries/`, or `location` itself.
    static func entriesFolder(_ location: URL) -> URL {
        let inner = location.appendingPathComponent("entries")
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: inner.path, isDirectory: &isFolder) && isFolder.boolValue ? inner : location
    }

    static func read(_ location: URL, shownAs shown: String) throws(InputError) -> ImportedExport {
        let entriesFolder = entriesFolder(location)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: entriesFolder.path)) ?? []).filter { $0.hasSuffix(".doentry") }.sorted()
        var entries: [Journal.Entry] = []
        var notices: [Diagnostic] = []
        var issues: [Diagnostic] = []
        let utc = TimeZone(identifier: "UTC") ?? .current
        for name in names {
            let file = entriesFolder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: file.path),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                issues.append(Diagnostic(code: .invalidValue, file: shown + "/" + name, path: "", message: "not a property list"))
                continue
            }
            let uuid = plist["UUID"] as? String ?? String(name.dropLast(".doentry".count))
            guard let created = plist["Creation Date"] as? Date else {
                issues.append(Diagnostic(code: .missingKey, file: shown + "/" + name, path: "Creation Date", entry: uuid,
                                         message: "the entry has no Creation Date"))
                continue
            }
            var zone = utc
            if let zoneName = plist["Time Zone"] as? String {
                if let named = TimeZone(identifier: zoneName) { zone = named } else {
                    notices.append(Diagnostic(code: .importUnknownTimeZone, message: "time zone \"\(zoneName)\" is unknown: UTC is used",
                                              entry: uuid))
                }
            } else {
                notices.append(Diagnostic(code: .importNoTimeZone, message: "the entry names no time zone: its day is taken in UTC",
                                          entry: uuid))
            }
            var photos: [BookPhoto] = []
            let photoName = "photos/\(uuid).jpg"
            if let photo = try? ConfinedPath.resolve(photoName, under: location), FileManager.default.fileExists(atPath: photo.path) {
                photos.append(BookPhoto(name: photoName, file: photo, caption: nil))
            }
            let source = plist["Entry Text"] as? String ?? ""
            var entry = Journal.Entry(id: uuid, journal: "journal", created: ImportSupport.timestamp(created, in: zone), title: nil,
                                      text: DayOneText.markdown(source), archived: false, photos: photos, tags: plist["Tags"] as? [String] ?? [])
            entry.source = source
            entry.dialect = .dayOne
            entries.append(entry)
        }
        guard issues.isEmpty else { throw InputError(issues) }
        return ImportedExport(journal: Journal(folder: location, journals: [("journal", "Journal")], entries: entries),
                              format: .dayoneClassic, detected: false, notices: notices)
    }
}
