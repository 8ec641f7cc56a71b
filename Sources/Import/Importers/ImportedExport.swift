import Diagnostics
import Document
import Foundation

/// A journal read from any export format: the book's entries as the native format gives them,
/// the format (and whether Folio detected it), and what could not be mapped, each naming its
/// entry: those become the report's warnings.
public struct ImportedExport {
    public var journal: Journal
    public var format: ExportFormat
    public var detected: Bool
    public var notices: [Diagnostic]
    /// The zone local times were read in, for formats that record none (jrnl).
    public var assumedTimeZone: String?
    /// Videos, audio and other files entries hold that a book cannot print.
    public var attachments = 0
    /// Notes that are not diary entries (no date), with their words: not printed.
    public var skipped: [(name: String, words: Int, blocks: Int)] = []
}

/// Reads an order's export in its format.
public enum ExportImporter {
    public static func read(_ location: URL, format given: ExportFormat?, timeZone: String?, timeFormat: String? = nil,
                     shownAs shown: String) throws(InputError) -> ImportedExport {
        guard let format = given ?? ExportFormat.detect(location) else {
            throw InputError([Diagnostic(code: .notFound, file: shown, path: "export",
                                         message: "no journal Folio can read: expected journal.json, a Day One export, a jrnl journal or Markdown files")])
        }
        var imported: ImportedExport
        switch format {
        case .folio:
            imported = ImportedExport(journal: try Journal.load(folder: location, shownAs: shown), format: .folio, detected: false, notices: [])
        case .dayone:
            imported = try DayOneImporter.read(location, shownAs: shown)
        case .dayoneClassic:
            imported = try DayOneClassicImporter.read(location, shownAs: shown)
        case .jrnl:
            imported = try JrnlImporter.read(location, timeZone: timeZone, timeFormat: timeFormat.flatMap(JrnlTimeFormat.init), shownAs: shown)
        case .markdown:
            imported = try MarkdownImporter.read(location, timeZone: timeZone, shownAs: shown)
        case .obsidian:
            imported = try MarkdownImporter.read(location, timeZone: timeZone, layout: .obsidian, shownAs: shown)
        case .logseq:
            imported = try MarkdownImporter.read(location, timeZone: timeZone, layout: .logseq, shownAs: shown)
        }
        imported.detected = given == nil
        ImportSupport.uniqueIDs(&imported.journal.entries, notices: &imported.notices)
        return imported
    }
}

/// What the importers share: instants in a named zone, ids, and the Markdown they clean.
enum ImportSupport {
    /// The timestamp of `date` in `zone` (its offset at that instant).
    static func timestamp(_ date: Date, in zone: TimeZone) -> Timestamp {
        let offset = zone.secondsFromGMT(for: date)
        let t = CivilCalendar.utcFields(date.addingTimeInterval(TimeInterval(offset)))
        return Timestamp(local: LocalDateTime(year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute),
                         second: t.second, nanosecond: 0, offsetSeconds: offset)
    }

    /// A local date and time read in `zone` (a jrnl entry's), as a timestamp.
    static func timestamp(year: Int, month: Int, day: Int, hour: Int, minute: Int, in zone: TimeZone) -> Timestamp? {
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        components.timeZone = zone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components) else { return nil }
        return timestamp(date, in: zone)
    }

    /// A photo the export names but does not hold: it keeps its place in the book, where the
    /// renderer draws its placeholder (a file that cannot be there: inside the export, under a
    /// name no app writes).
    static func missingPhoto(_ name: String, in folder: URL) -> BookPhoto {
        BookPhoto(name: name, file: folder.appendingPathComponent(".folio-missing-photo").appendingPathComponent(identifier(name)), caption: nil)
    }

    /// Ids made unique: a second entry with an id already taken (a Classic export with a
    /// repeated UUID, two notes whose names differ only in letters an id cannot hold) becomes
    /// `ID-2`, `ID-3`…, with a notice naming both.
    static func uniqueIDs(_ entries: inout [Journal.Entry], notices: inout [Diagnostic]) {
        var taken = Set<String>()
        for index in entries.indices {
            let id = entries[index].id
            if !taken.insert(id).inserted {
                var number = 2
                while taken.contains("\(id)-\(number)") { number += 1 }
                entries[index].id = "\(id)-\(number)"
                taken.insert(entries[index].id)
                notices.append(Diagnostic(code: .importDuplicateID, message: "another entry has the id \(id): this one is \(entries[index].id)",
                                          entry: entries[index].id))
            }
        }
    }

    /// An id Folio's books accept (letters, digits, `.`, `_`, `-`), from a name.
    /// Whether `target`, as written between the parentheses, is the destination CommonMark read
    /// (angle brackets, a title and backslash escapes aside).
    static func names(_ target: String, _ destination: String) -> Bool {
        var written = target.trimmingCharacters(in: .whitespaces)
        if written.hasPrefix("<"), let close = written.firstIndex(of: ">") {
            written = String(written[written.index(after: written.startIndex)..<close])
        } else if let space = written.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            written = String(written[..<space])
        }
        var unescaped = ""
        var escaping = false
        for character in written {
            if !escaping, character == "\\" { escaping = true; continue }
            if escaping, !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) { unescaped.append("\\") }
            escaping = false
            unescaped.append(character)
        }
        return unescaped == destination || unescaped.removingPercentEncoding == destination.removingPercentEncoding
    }

    static func identifier(_ name: String) -> String {
        let kept = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "-" }
        let text = String(kept).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return text.isEmpty ? "journal" : String(text.prefix(100))
    }

    /// Markdown image references (`![alt](target)`) in `text`, in order, each with the
    /// character offset where it stood in the text without them, and that text.
    static func images(in text: String) -> (targets: [(alt: String, target: String, offset: Int)], text: String) {
        var targets: [(String, String, Int)] = []
        var output = ""
        // `output.count`, kept as it grows: counting it again for every image is quadratic.
        var counted = 0
        func emit(_ piece: Substring) {
            output += piece
            counted += piece.count
        }
        var rest = Substring(text)
        // Only what CommonMark reads as an image is a photo: `![a](b)` in code is code.
        var images = Document(markdown: text, smart: false).imageDestinations[...]
        while !images.isEmpty, let start = rest.range(of: "![") {
            // `![alt](target)` on one line, the alt without `]`: anything else (an Obsidian
            // `![[embed]]`, a stray `![`) is text, and no link further on can swallow it.
            let alt = rest[start.upperBound...].prefix { $0 != "]" && $0 != "\n" }
            let afterAlt = rest[alt.endIndex...]
            guard afterAlt.hasPrefix("]("), let end = Self.closingParenthesis(afterAlt.dropFirst(2)) else {
                emit(rest[..<start.upperBound])
                rest = rest[start.upperBound...]
                continue
            }
            let target = String(afterAlt[afterAlt.index(afterAlt.startIndex, offsetBy: 2)..<end])
            guard let next = images.first, Self.names(target, next) else {
                emit(rest[..<start.upperBound])
                rest = rest[start.upperBound...]
                continue
            }
            images.removeFirst()
            emit(rest[..<start.lowerBound])
            targets.append((String(alt), next, counted))
            rest = rest[rest.index(after: end)...]
            // An image between two words leaves one space between them.
            if output.last == " ", rest.first == " " { rest = rest.dropFirst() }
        }
        output += rest
        // Only trailing space goes: an offset keeps pointing where its placeholder stood.
        while let last = output.last, last.isWhitespace { output.removeLast() }
        return (targets, output)
    }

    /// The `)` that closes the destination and title opening `rest` (what follows `](`), read
    /// as CommonMark reads them: a `<…>` destination, or one whose parentheses balance
    /// (`photo(1).jpg`), backslash escapes kept, then an optional quoted title; on one line.
    /// Nil when there is none.
    static func closingParenthesis(_ rest: Substring) -> Substring.Index? {
        var i = rest.startIndex
        func step() { i = rest.index(after: i) }
        func skipSpace() { while i < rest.endIndex, rest[i] == " " || rest[i] == "\t" { step() } }
        skipSpace()
        if i < rest.endIndex, rest[i] == "<" {
            step()
            while i < rest.endIndex, rest[i] != ">" {
                if rest[i] == "\n" || rest[i] == "<" { return nil }
                if rest[i] == "\\" { step() }
                if i < rest.endIndex { step() }
            }
            guard i < rest.endIndex else { return nil }
            step()
        } else {
            var depth = 0
            while i < rest.endIndex, !" \t\n".contains(rest[i]) {
                if rest[i] == "\\" {
                    step()
                    if i < rest.endIndex { step() }
                    continue
                }
                if rest[i] == "(" { depth += 1 }
                if rest[i] == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                step()
            }
        }
        skipSpace()
        let closers: [Character: Character] = ["\"": "\"", "'": "'", "(": ")"]
        if i < rest.endIndex, let closer = closers[rest[i]] {
            step()
            while i < rest.endIndex, rest[i] != closer {
                if rest[i] == "\n" { return nil }
                if rest[i] == "\\" { step() }
                if i < rest.endIndex { step() }
            }
            guard i < rest.endIndex else { return nil }
            step()
            skipSpace()
        }
        return i < rest.endIndex && rest[i] == ")" ? i : nil
    }
}
