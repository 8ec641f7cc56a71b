import Diagnostics
import Document
import Foundation

/// Folders of Markdown notes, walked to any depth (year and month folders included): a plain
/// folder of daily notes, an Obsidian vault (`.obsidian/`) or a Logseq graph (`journals/`
/// beside `logseq/` or `pages/`). A note is an entry when it has a date: front matter `date:`
/// (with its offset, if it gives one), else a file name that starts with one (`2025-03-14`,
/// Logseq's `2025_03_14`); other notes are not diary entries and are left out, listed in one
/// info finding. Hidden folders (`.obsidian`, `.trash`) and Logseq's own `logseq/` are not read.
/// An app's syntax is read only in that app's folders: Obsidian's (`![[embeds]]`, `[[links]]`,
/// `%%comments%%`, callouts) in a vault, Logseq's in a graph; a plain folder is CommonMark, so
/// "at 5%% … by night 100%%" keeps its words.
enum MarkdownImporter {
    enum Layout { case folder, obsidian, logseq }

    static func layout(_ location: URL) -> Layout {
        let has = { (name: String) in FileManager.default.fileExists(atPath: location.appendingPathComponent(name).path) }
        if has(".obsidian") { return .obsidian }
        if has("journals"), has("logseq") || has("pages") { return .logseq }
        return .folder
    }

    static func read(_ location: URL, timeZone: String?, layout given: Layout? = nil, shownAs shown: String) throws(InputError) -> ImportedExport {
        let zone = TimeZone(identifier: timeZone ?? "UTC") ?? TimeZone(identifier: "UTC") ?? .current
        let layout = given ?? layout(location)
        let rules: NoteDateRules = switch layout {
        case .obsidian: .obsidian(location)
        case .logseq: .logseq(location)
        case .folder: NoteDateRules()
        }
        let notes = NoteFiles(root: location, layout: layout)
        var entries: [Journal.Entry] = []
        var notices: [Diagnostic] = []
        var undated: [(name: String, words: Int, blocks: Int)] = []
        var periods: [String] = []
        var unreadable: [String] = []
        for relative in notes.paths {
            let file = location.appendingPathComponent(relative)
            let stem = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
            let id = ImportSupport.identifier((relative as NSString).deletingPathExtension)
            guard let bytes = try? Data(contentsOf: file) else {
                notices.append(Diagnostic(code: .importFileUnreadable, message: "\(relative) cannot be read: not printed", entry: id))
                unreadable.append(relative)
                continue
            }
            var source = String(decoding: bytes, as: UTF8.self)
            if String(data: bytes, encoding: .utf8) == nil {
                let replaced = source.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
                notices.append(Diagnostic(code: .importFileUnreadable,
                                          message: "\(relative) is not UTF-8: \(replaced) character\(replaced == 1 ? "" : "s") print as U+FFFD", entry: id))
            }
            if file.pathExtension.lowercased() == "org" { source = OrgText.outline(source) }
            let front = FrontMatter(source)
            let match = rules.match(relative)
            if match == .period, front.fields["date"] == nil {
                // A weekly or monthly note is about a stretch of days, not a day of the diary.
                periods.append(relative)
                continue
            }
            var named: (year: Int, month: Int, day: Int, rest: String)?
            if case .day(let year, let month, let day)? = match {
                named = (year, month, day, "")
            } else {
                named = FrontMatter.nameDate(stem).map { ($0.year, $0.month, $0.day, FrontMatter.isWeekday($0.rest) ? "" : $0.rest) }
            }
            var created: Timestamp?
            if let text = front.fields["date"] {
                created = FrontMatter.date(text, zone: zone)
                if created == nil {
                    notices.append(Diagnostic(code: .importDateUnreadable,
                                              message: "\(relative): front matter date \"\(text)\" is not a date such as 2025-03-14 or 2025-03-14 09:30 -04:00"
                                                  + (named == nil ? "" : "; the file name's date is used"), entry: id))
                }
            }
            // `created:` gives the time of a day the name gives, or the day when nothing else does.
            let written = front.fields["created"].flatMap { FrontMatter.date($0, zone: zone) }
            if created == nil, let named {
                created = ImportSupport.timestamp(year: named.year, month: named.month, day: named.day, hour: 12, minute: 0, in: zone)
                if let written, written.local.year == named.year, written.local.month == named.month, written.local.day == named.day {
                    created = written
                }
            }
            if created == nil { created = written }
            let dialect: ReaderText.Dialect = switch layout {
            case .logseq: .logseq
            case .obsidian: .obsidian
            case .folder: .markdown
            }
            guard let created, layout != .logseq || relative.hasPrefix(rules.journalsFolder + "/") else {
                let read = ReaderText.reading(front.body, dialect: dialect)
                undated.append((relative, ReaderText.wordCount(read.text), read.blocks))
                continue
            }
            var text = front.body
            switch layout {
            case .folder:
                break
            case .obsidian:
                let converted = ObsidianText.markdown(text)
                text = converted.text
                for target in converted.unprinted {
                    notices.append(Diagnostic(code: .importEmbedNotPrinted, message: "![[\(target)]] embeds a note or a file that is not a picture",
                                              entry: id))
                }
                if converted.queries > 0 {
                    notices.append(Diagnostic(code: .importQueryNotRun,
                                              message: "\(converted.queries) Dataview or Tasks quer\(converted.queries == 1 ? "y is" : "ies are") printed as code",
                                              entry: id))
                }
            case .logseq:
                let converted = LogseqText.markdown(text)
                text = converted.text
                if !converted.dropped.isEmpty {
                    notices.append(Diagnostic(code: .importLogseqNotPrinted, message: "Logseq's own \(converted.dropped.description) not printed",
                                              entry: id))
                }
            }
            let (images, placed) = ImportSupport.images(in: text)
            var photos: [BookPhoto] = []
            var offsets: [Int] = []
            for image in images {
                var target = image.target.trimmingCharacters(in: .whitespaces)
                if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
                target = target.removingPercentEncoding ?? target
                offsets.append(image.offset)
                let caption = image.alt.isEmpty || layout == .logseq ? nil : image.alt
                if let photo = notes.picture(target, from: relative) {
                    photos.append(BookPhoto(name: target, file: photo, caption: caption))
                } else {
                    notices.append(Diagnostic(code: .importPhotoMissing, message: "\(image.target) is not a file in the export", entry: id))
                    photos.append(ImportSupport.missingPhoto(target, in: location))
                }
            }
            let title = front.fields["title"] ?? (front.fields["date"] == nil ? named?.rest : nil).flatMap { $0.isEmpty ? nil : $0 }
            var entry = Journal.Entry(id: id, journal: "notes", created: created, title: title, text: placed, archived: false, photos: photos,
                                      tags: front.tags, photoOffsets: offsets)
            entry.source = front.body
            entry.dialect = dialect
            if layout == .obsidian { entry.appSyntax = notes.obsidianSyntax }
            entries.append(entry)
        }
        if !undated.isEmpty {
            notices.append(Diagnostic(code: .importNotesSkipped,
                                      message: "\(undated.count) note\(undated.count == 1 ? " has" : "s have") no date and \(undated.count == 1 ? "is" : "are") not a diary entry: "
                                          + undated.prefix(20).map(\.name).joined(separator: ", ") + (undated.count > 20 ? ", …" : "")))
        }
        if !notes.others.isEmpty {
            notices.append(Diagnostic(code: .importAttachmentNotPrinted,
                                      message: "\(notes.others.count) file\(notes.others.count == 1 ? " is" : "s are") neither a note nor a picture: "
                                          + notes.others.prefix(20).joined(separator: ", ") + (notes.others.count > 20 ? ", …" : "")))
        }
        if !periods.isEmpty {
            notices.append(Diagnostic(code: .importPeriodicNotesSkipped,
                                      message: "\(periods.count) weekly, monthly or yearly note\(periods.count == 1 ? " is" : "s are") not a day: "
                                          + periods.prefix(20).joined(separator: ", ") + (periods.count > 20 ? ", …" : "")))
        }
        if notes.truncated {
            notices.append(Diagnostic(code: .importTooManyFiles, message: "only the first \(NoteFiles.limit) notes are read"))
        }
        var imported = ImportedExport(journal: Journal(folder: location, journals: [("notes", location.lastPathComponent)], entries: entries),
                                      format: layout == .obsidian ? .obsidian : layout == .logseq ? .logseq : .markdown, detected: false,
                                      notices: notices)
        imported.skipped = undated + (periods + unreadable).map { ($0, 0, 0) }
        imported.attachments = notes.others.count
        return imported
    }
}
