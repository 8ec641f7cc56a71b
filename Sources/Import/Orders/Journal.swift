import Diagnostics
import Document
import Foundation

/// A journal export (`folio-journal/1`): a folder with `journal.json` and the photos it names.
public struct Journal {
    public struct Entry {
        public var id: String
        public var journal: String
        public var created: Timestamp
        public var title: String?
        public var text: String
        public var archived: Bool
        public var photos: [BookPhoto]
        /// From an imported journal's tags (Folio's own format has none).
        public var tags: [String] = []
        /// Where each photo's placeholder stood in `text` (imported entries); nil: after it.
        public var photoOffsets: [Int]?
        /// The entry's text as the export holds it, before any importer converted it, and how
        /// to read it: the completeness check's measure of what must be printed.
        var source: String?
        var dialect = ReaderText.Dialect.markdown
        /// A day without a time (Day One's `isAllDay`): its head prints no time.
        public var allDay = false
        /// The app syntax the book reads the text with (an Obsidian vault's highlights and breaks).
        public var appSyntax: Document.AppSyntax = []

        /// The words a reader of the export sees in this entry (its title, then its text), and
        /// how many blocks the source's text holds, read once.
        public var reading: (parts: [String], blocks: Int) {
            let read = ReaderText.reading(source ?? text, dialect: dialect)
            return ([title ?? "", read.text], read.blocks)
        }

        /// Nothing to print, given its `reading.parts`: no photo, and no title or text but
        /// whitespace (an entry of emoji alone is still an entry).
        public func isEmpty(reading parts: [String]) -> Bool {
            photos.isEmpty && !parts.contains { $0.contains { !$0.isWhitespace } }
        }
    }

    public var folder: URL
    /// Journal id → title, in file order.
    public var journals: [(id: String, title: String)]
    public var entries: [Entry]

    /// Reads and validates `folder/journal.json`; every issue names the file, JSON path and entry.
    public static func load(folder: URL, shownAs shownFolder: String) throws(InputError) -> Journal {
        let shown = shownFolder + "/journal.json"
        let issues = IssueList(file: shown)
        let root = try JSONValue.load(folder.appendingPathComponent("journal.json"), shownAs: shown)
        guard var reader = ObjectReader(root, path: "", issues: issues) else { throw InputError(issues.issues) }
        if let format = reader.string("format"), format != "folio-journal/1" {
            issues.add(.invalidValue, "format", "expected \"folio-journal/1\", got \"\(format)\"")
        }
        var journals: [(id: String, title: String)] = []
        for (index, item) in (reader.array("journals") ?? []).enumerated() {
            guard var journal = ObjectReader(item, path: "journals[\(index)]", issues: issues) else { continue }
            let id = journal.string("id")
            let title = journal.string("title", nonEmpty: false)
            journal.rejectUnknownKeys()
            guard let id, let title else { continue }
            if journals.contains(where: { $0.id == id }) {
                issues.add(.duplicateID, "journals[\(index)].id", "journal id \"\(id)\" is used twice")
            }
            journals.append((id, title))
        }
        var entries: [Entry] = []
        var seen = Set<String>()
        for (index, item) in (reader.array("entries") ?? []).enumerated() {
            guard let entry = readEntry(item, path: "entries[\(index)]", folder: folder, journals: journals,
                                        issues: issues) else { continue }
            if !seen.insert(entry.id).inserted {
                issues.add(.duplicateID, "entries[\(index)].id", "entry id \"\(entry.id)\" is used twice", entry: entry.id)
            }
            entries.append(entry)
        }
        reader.rejectUnknownKeys()
        try issues.check()
        return Journal(folder: folder, journals: journals, entries: entries)
    }

    private static func readEntry(_ value: JSONValue, path: String, folder: URL,
                                  journals: [(id: String, title: String)], issues: IssueList) -> Entry? {
        var entryID: String?
        if case .object(let fields) = value, case .string(let id)? = fields["id"] { entryID = id }
        guard var reader = ObjectReader(value, path: path, issues: issues, entry: entryID) else { return nil }
        let id = reader.string("id")
        let journal = reader.string("journal")
        if let journal, !journals.contains(where: { $0.id == journal }) {
            issues.add(.unknownReference, reader.keyPath("journal"),
                       "no journal with id \"\(journal)\" in \"journals\"", entry: entryID)
        }
        var created: Timestamp?
        if let text = reader.string("created_at") {
            created = Timestamp(rfc3339: text)
            if created == nil {
                issues.add(.invalidValue, reader.keyPath("created_at"),
                           "expected an RFC 3339 timestamp with offset, such as 2025-01-03T08:15:00+03:00, got \"\(text)\"",
                           entry: entryID)
            }
        }
        let title = reader.string("title", required: false, nonEmpty: false)
        let text = reader.string("text", nonEmpty: false)
        let archived = reader.bool("archived", required: false) ?? false
        var photos: [BookPhoto] = []
        for (index, item) in (reader.array("photos", required: false) ?? []).enumerated() {
            guard var photo = ObjectReader(item, path: reader.keyPath("photos[\(index)]"), issues: issues,
                                           entry: entryID) else { continue }
            let name = photo.string("file")
            let caption = photo.string("caption", required: false, nonEmpty: false)
            photo.rejectUnknownKeys()
            guard let name else { continue }
            do {
                let file = try ConfinedPath.resolve(name, under: folder)
                photos.append(BookPhoto(name: name, file: file, caption: caption))
            } catch {
                issues.add(.pathEscape, photo.keyPath("file"), "\"\(name)\": \(error)", entry: entryID)
            }
        }
        reader.rejectUnknownKeys()
        guard let id, let journal, let created, let text else { return nil }
        return Entry(id: id, journal: journal, created: created, title: title, text: text, archived: archived,
                     photos: photos)
    }
}
