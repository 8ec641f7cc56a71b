import Foundation
import Prepress
import Render

/// A journal read from any export format: the book's entries as the native format gives them,
/// the format (and whether Folio detected it), and what could not be mapped, each naming its
/// entry: those become the report's warnings.
struct ImportedExport {
    var journal: Journal
    var format: ExportFormat
    var detected: Bool
    var notices: [RenderNotice]
    /// The zone local times were read in, for formats that record none (jrnl).
    var assumedTimeZone: String?
}

/// Reads an order's export in its format.
enum ExportImporter {
    static func read(_ location: URL, format given: ExportFormat?, timeZone: String?, shownAs shown: String) throws(InputError) -> ImportedExport {
        guard let format = given ?? ExportFormat.detect(location) else {
            throw InputError([InputIssue(code: "not-found", file: shown, path: "export",
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
            imported = try JrnlImporter.read(location, timeZone: timeZone, shownAs: shown)
        case .markdown:
            imported = try MarkdownImporter.read(location, timeZone: timeZone, shownAs: shown)
        }
        imported.detected = given == nil
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

    /// An id Folio's books accept (letters, digits, `.`, `_`, `-`), from a name.
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
        var rest = Substring(text)
        while let start = rest.range(of: "![") {
            guard let close = rest[start.upperBound...].range(of: "]("),
                  let end = rest[close.upperBound...].firstIndex(of: ")") else { break }
            output += rest[..<start.lowerBound]
            targets.append((String(rest[start.upperBound..<close.lowerBound]), String(rest[close.upperBound..<end]), output.count))
            rest = rest[rest.index(after: end)...]
        }
        output += rest
        // Only trailing space goes: an offset keeps pointing where its placeholder stood.
        while let last = output.last, last.isWhitespace { output.removeLast() }
        return (targets, output)
    }
}
