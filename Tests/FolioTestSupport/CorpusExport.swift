import Foundation

/// Turns the corpus diary texts (`../shared/corpus/text`, see DATE_FORMATS.md there) into
/// `folio-journal/1` exports: one entry per dated heading, paragraphs kept.
public enum CorpusExport {
    public struct Heading {
        public var year: Int
        public var month: Int
        public var day: Int
    }

    public enum Text: String, CaseIterable, Sendable {
        case pepys = "en_pepys_diary_1660_braybrooke_pg3331_excerpt.txt"
        case dostoevsky = "ru_dostoevsky_bednye_lyudi_1846.txt"
        case gogol = "ru_gogol_zapiski_sumasshedshego_1835.txt"
        case villarino = "es_villarino_diario_rio_negro_1782_pg62559.txt"

        public var language: String {
            switch self {
            case .pepys: "en"
            case .dostoevsky, .gogol: "ru"
            case .villarino: "es"
            }
        }

        /// Hard-wrapped texts join their lines into paragraphs; the others have one per line.
        public var hardWrapped: Bool { self == .pepys || self == .villarino }
    }

    /// Writes the export into `workspace` as `exports/NAME`; returns the number of entries.
    @discardableResult
    public static func write(_ text: Text, into workspace: Workspace, name: String, limit: Int? = nil) throws -> Int {
        let source = try String(contentsOf: corpusRoot.appendingPathComponent("text/\(text.rawValue)"), encoding: .utf8)
            .replacingOccurrences(of: "\r\n", with: "\n")
        var state = ParserState()
        var entries: [[String: Any]] = []
        var current: (heading: Heading, lines: [String])?
        func flush() {
            guard let entry = current else { return }
            let body = paragraphs(entry.lines, hardWrapped: text.hardWrapped)
            let id = String(format: "c%04d", entries.count + 1)
            let created = String(format: "%04d-%02d-%02dT12:00:00+00:00", entry.heading.year, entry.heading.month, entry.heading.day)
            entries.append(Sample.entry(id, created, text: body))
        }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let (heading, rest) = state.heading(in: line, text: text) {
                flush()
                current = (heading, rest.isEmpty ? [] : [rest])
                if let limit, entries.count >= limit { current = nil; break }
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        flush()
        try workspace.writeExport(name, journal: Sample.journal(entries, journals: [["id": "j1", "title": ""]]))
        return entries.count
    }

    /// Blank lines separate paragraphs; hard-wrapped lines inside one are joined.
    private static func paragraphs(_ lines: [String], hardWrapped: Bool) -> String {
        var result: [String] = []
        var paragraph: [String] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || !hardWrapped {
                if !paragraph.isEmpty { result.append(paragraph.joined(separator: " ")) }
                paragraph = trimmed.isEmpty ? [] : [trimmed]
            } else {
                paragraph.append(trimmed)
            }
        }
        if !paragraph.isEmpty { result.append(paragraph.joined(separator: " ")) }
        return result.joined(separator: "\n\n")
    }

    /// Month and year carry over from the last full date, as the diaries themselves do.
    public struct ParserState {
        public var year = 0
        public var month = 0

        public static let englishMonths = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        public static let russianMonths = ["Января", "Февраля", "Марта", "Апреля", "Мая", "Июня", "Июля", "Августа",
                                    "Сентября", "Октября", "Ноября", "Декабря"]
        public static let spanishMonths = ["ENERO", "FEBRERO", "MARZO", "ABRIL", "MAYO", "JUNIO", "JULIO", "AGOSTO",
                                    "SETIEMBRE", "OCTUBRE", "NOVIEMBRE", "DICIEMBRE"]

        public mutating func heading(in line: String, text: Text) -> (Heading, String)? {
            switch text {
            case .pepys: return pepys(line)
            case .dostoevsky, .gogol: return russian(line, year: text == .gogol ? 1835 : 1846)
            case .villarino: return villarino(line)
            }
        }

        private mutating func pepys(_ line: String) -> (Heading, String)? {
            let full = #/^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\.? (\d{1,2})(?:st|nd|rd|th)?, (\d{4})(?:-(\d{2}))?(.*)$/#
            if let match = line.firstMatch(of: full), let index = Self.englishMonths.firstIndex(of: String(match.1)) {
                month = index + 1
                let first = Int(match.3) ?? 0
                // Old Style double years: 1659-60 is 1660.
                year = match.4.map { first / 100 * 100 + (Int($0) ?? 0) } ?? first
                return valid(Int(match.2) ?? 0, rest: String(match.5))
            }
            // Year written first: "1660-61.  JANUARY 1.  Moore and I went ..."
            let yearFirst = #/^(\d{4})-(\d{2})\.\s+(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\.? (\d{1,2})\.(.*)$/#
            if let match = line.firstMatch(of: yearFirst), let index = Self.englishMonths.firstIndex(of: String(match.3)) {
                month = index + 1
                year = (Int(match.1) ?? 0) / 100 * 100 + (Int(match.2) ?? 0)
                return valid(Int(match.4) ?? 0, rest: String(match.5))
            }
            let day = #/^(\d{1,2})(?:st|nd|rd|th)\b(.*)$/#
            if month > 0, let match = line.firstMatch(of: day) {
                return valid(Int(match.1) ?? 0, rest: String(match.2))
            }
            return nil
        }

        private mutating func russian(_ line: String, year fixedYear: Int) -> (Heading, String)? {
            let pattern = #/^(Января|Февраля|Марта|Апреля|Мая|Июня|Июля|Августа|Сентября|Октября|Ноября|Декабря) (\d{1,2})\.$/#
            guard let match = line.firstMatch(of: pattern), let index = Self.russianMonths.firstIndex(of: String(match.1)) else { return nil }
            month = index + 1
            year = fixedYear
            return valid(Int(match.2) ?? 0, rest: "")
        }

        private mutating func villarino(_ line: String) -> (Heading, String)? {
            let pattern = #/^DIA(?: [A-ZÁÉÍÓÚ]+)? (\d{1,2})(?:\.º)?(?: DE ([A-Z]+)(?: DE (\d{4}))?)?\.?$/#
            guard let match = line.firstMatch(of: pattern) else { return nil }
            if let name = match.2, let index = Self.spanishMonths.firstIndex(of: String(name)) { month = index + 1 }
            if let newYear = match.3 { year = Int(newYear) ?? year }
            if year == 0 { year = 1782 }
            return month > 0 ? valid(Int(match.1) ?? 0, rest: "") : nil
        }

        private func valid(_ day: Int, rest: String) -> (Heading, String)? {
            guard (1...12).contains(month), day >= 1, day <= 31 else { return nil }
            let maxDay = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            return (Heading(year: year, month: month, day: min(day, maxDay)), rest.trimmingCharacters(in: .whitespaces))
        }
    }
}
