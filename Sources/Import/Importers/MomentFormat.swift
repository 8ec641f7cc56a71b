import Diagnostics
import Document
import Foundation

/// A Moment.js date format, as Obsidian's daily notes, Periodic Notes and Journals write their
/// note names (`YYYY-MM-DD`, `DD MMMM YYYY`, `YYYY/MM/YYYY-MM-DD dddd`, `gggg-[W]ww`), read
/// backwards: a note's name (or its path below the notes' folder) to the day it names. Logseq's
/// `:journal/file-name-format` (`yyyy_MM_dd`, `EEE, MMM do yyyy`) is translated to the same
/// tokens (`logseq(_:)`). Month and weekday names are English, as Moment writes them by default.
struct MomentFormat {
    /// What a name in this format says.
    struct Reading: Equatable {
        var year: Int
        var month: Int?
        var day: Int?
        /// A week (`ww`, `WW`) or quarter (`Q`): a periodic note, not a day.
        var isPeriod: Bool
    }

    let pattern: String
    private let expression: NSRegularExpression?
    /// The token each capture group reads, in order.
    private let tokens: [String]

    static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                             "november", "december"]
    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Tokens longest first, so `MMMM` is not read as `MM` twice.
    private static let known: [(token: String, regex: String)] = [
        ("YYYY", #"(\d{4})"#), ("gggg", #"(\d{4})"#), ("GGGG", #"(\d{4})"#),
        ("MMMM", #"([A-Za-z]{3,9})"#), ("MMM", #"([A-Za-z]{3}\.?)"#), ("dddd", #"([A-Za-z]{6,9})"#),
        ("ddd", #"([A-Za-z]{3})"#), ("Do", #"(\d{1,2})(?:st|nd|rd|th)"#),
        ("YY", #"(\d{2})"#), ("MM", #"(\d{2})"#), ("DD", #"(\d{2})"#), ("dd", #"([A-Za-z]{2})"#),
        ("ww", #"(\d{2})"#), ("WW", #"(\d{2})"#), ("HH", #"(\d{2})"#), ("mm", #"(\d{2})"#),
        ("M", #"(\d{1,2})"#), ("D", #"(\d{1,2})"#), ("d", #"([0-6])"#), ("w", #"(\d{1,2})"#), ("W", #"(\d{1,2})"#), ("Q", #"([1-4])"#),
    ]

    /// Logseq's `:journal/file-name-format`, written with the tokens of Java and date-fns
    /// (`yyyy_MM_dd`, `EEE, MMM do, yyyy`), as the Moment format that reads the same names.
    static func logseq(_ pattern: String) -> MomentFormat {
        let pairs = [("yyyy", "YYYY"), ("yy", "YY"), ("EEEE", "dddd"), ("EEE", "ddd"), ("do", "Do"), ("dd", "DD"), ("d", "D")]
        var moment = ""
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "'" {
                // A quoted literal.
                let literal = rest.dropFirst().prefix { $0 != "'" }
                moment += "[\(literal)]"
                rest = rest.dropFirst(literal.count + 2)
            } else if let (java, token) = pairs.first(where: { rest.hasPrefix($0.0) }) {
                moment += token
                rest = rest.dropFirst(java.count)
            } else {
                moment.append(first)
                rest = rest.dropFirst()
            }
        }
        return MomentFormat(moment)
    }

    init(_ pattern: String) {
        self.pattern = pattern
        var regex = "^"
        var tokens: [String] = []
        var rest = Substring(pattern)
        while let first = rest.first {
            if first == "[" {
                // `[W]`: a literal.
                let literal = rest.dropFirst().prefix { $0 != "]" }
                regex += NSRegularExpression.escapedPattern(for: String(literal))
                rest = rest.dropFirst(literal.count + 2)
                continue
            }
            if let (token, tokenRegex) = Self.known.first(where: { rest.hasPrefix($0.token) }) {
                regex += tokenRegex
                tokens.append(token)
                rest = rest.dropFirst(token.count)
                continue
            }
            regex += NSRegularExpression.escapedPattern(for: String(first))
            rest = rest.dropFirst()
        }
        self.tokens = tokens
        expression = try? NSRegularExpression(pattern: regex + "$", options: [.caseInsensitive])
    }

    /// The day (or period) `name` says in this format; nil when it is not a name in it.
    func read(_ name: String) -> Reading? {
        guard let expression, let match = expression.firstMatch(in: name, range: NSRange(location: 0, length: (name as NSString).length))
        else { return nil }
        var year: Int?, month: Int?, day: Int?
        var isPeriod = false
        for (index, token) in tokens.enumerated() {
            let text = (name as NSString).substring(with: match.range(at: index + 1)).lowercased()
            switch token {
            case "YYYY", "gggg", "GGGG": year = Int(text)
            case "YY": year = Int(text).map { 2000 + $0 }
            case "MM", "M": month = Int(text)
            case "MMMM": month = Self.monthNames.firstIndex(of: text).map { $0 + 1 }
                if month == nil { return nil }
            case "MMM": month = Self.monthNames.firstIndex { $0.hasPrefix(String(text.prefix(3))) }.map { $0 + 1 }
                if month == nil { return nil }
            case "DD", "D", "Do": day = Int(text)
            case "dddd": if !Self.weekdayNames.contains(text) { return nil }
            case "ddd", "dd": if !Self.weekdayNames.contains(where: { $0.hasPrefix(text) }) { return nil }
            case "ww", "WW", "w", "W", "Q": isPeriod = true
            default: break
            }
        }
        guard let year, year >= 1000 else { return nil }
        if let month, !(1...12).contains(month) { return nil }
        if let day, !(1...31).contains(day) { return nil }
        return Reading(year: year, month: month, day: isPeriod ? nil : day, isPeriod: isPeriod || day == nil)
    }
}
