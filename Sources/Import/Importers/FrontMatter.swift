import Diagnostics
import Document
import Foundation

/// The YAML front matter notes apps write, in the subset they use: `key: value` lines (quotes
/// taken off), lists as `key: [a, b]` or as `- item` lines under `key:`, between a first line
/// `---` and the next `---`. Nothing else of YAML.
struct FrontMatter {
    var fields: [String: String] = [:]
    var lists: [String: [String]] = [:]
    var body: String

    init(_ text: String) {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
              let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" }),
              lines[1..<end].allSatisfy(Self.isYAMLLine) else {
            // A note may open with a `---` rule: then what follows is its text, not front matter.
            body = text
            return
        }
        var current: String?
        for line in lines[1..<end] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let key = current, trimmed.hasPrefix("- "), line.first == " " || line.first == "\t" || line.first == "-" {
                lists[key, default: []].append(Self.unquoted(String(trimmed.dropFirst(2))))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), line.first != " " else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            current = key
            if value.hasPrefix("["), value.hasSuffix("]") {
                lists[key] = value.dropFirst().dropLast().split(separator: ",").map { Self.unquoted($0.trimmingCharacters(in: .whitespaces)) }
            } else if !value.isEmpty {
                fields[key] = Self.unquoted(value)
            }
        }
        body = lines[(end + 1)...].joined(separator: "\n")
    }

    /// A line front matter may hold: blank, a comment, `key:` with or without a value, a list
    /// item, or an indented continuation. A sentence is none of these.
    private static func isYAMLLine(_ line: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("- ") || trimmed == "-" { return true }
        if line.first == " " || line.first == "\t" { return true }
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return false }
        // Obsidian's property names may hold spaces (`date created`), never a sentence's length.
        let words = line[..<colon].split(separator: " ")
        let after = line[line.index(after: colon)...]
        return (1...4).contains(words.count) && (after.isEmpty || after.first == " ")
    }

    /// `tags:` as a list, a flow list or one comma-separated value; `#` taken off.
    var tags: [String] {
        let values = lists["tags"] ?? lists["tag"] ?? (fields["tags"] ?? fields["tag"]).map { $0.split(separator: ",").map(String.init) } ?? []
        return values.map { $0.trimmingCharacters(in: .whitespaces) }.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'" else { return value }
        return String(value.dropFirst().dropLast())
    }

    /// `2025-03-14`, `2025-03-14 09:30`, `2025-03-14T09:30:05`, with or without an offset
    /// (`Z`, `-04:00`, ` -0400`): with one, the instant and its offset; without, in `zone`
    /// (a day alone at noon).
    static func date(_ text: String, zone: TimeZone) -> Timestamp? {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) else { return nil }
        func group(_ index: Int) -> String? {
            let range = match.range(at: index)
            return range.location == NSNotFound ? nil : (text as NSString).substring(with: range)
        }
        guard let year = group(1).flatMap(Int.init), let month = group(2).flatMap(Int.init), let day = group(3).flatMap(Int.init),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        let hour = group(4).flatMap(Int.init) ?? 12, minute = group(5).flatMap(Int.init) ?? 0, second = group(6).flatMap(Int.init) ?? 0
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        guard let offset = group(7) else {
            return ImportSupport.timestamp(year: year, month: month, day: day, hour: hour, minute: minute, in: zone)
        }
        var seconds = 0
        if offset != "Z" {
            let digits = offset.dropFirst().filter(\.isNumber)
            guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), hours <= 23, minutes <= 59 else { return nil }
            seconds = (hours * 3600 + minutes * 60) * (offset.hasPrefix("-") ? -1 : 1)
        }
        return Timestamp(local: LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute), second: second,
                         nanosecond: 0, offsetSeconds: seconds)
    }

    /// Whether the rest of a note's name is only its weekday (`2024-05-01 Wednesday`, `Wed`):
    /// the day's name, not a title.
    static func isWeekday(_ rest: String) -> Bool {
        let word = rest.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)).lowercased()
        return word.count >= 3 && MomentFormat.weekdayNames.contains { $0 == word || $0.hasPrefix(word) && word.count == 3 }
    }

    /// The date a daily note's file name starts with: `2025-03-14`, `2025_03_14` (Logseq),
    /// `2025.03.14`, `20250314`; and the rest of the name after it.
    static func nameDate(_ stem: String) -> (year: Int, month: Int, day: Int, rest: String)? {
        let characters = Array(stem)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            let text = String(characters[range])
            return text.allSatisfy { $0.isASCII && $0.isNumber } ? Int(text) : nil
        }
        var parsed: (Int, Int, Int, Int)?
        if characters.count >= 10, "-_.".contains(characters[4]), characters[7] == characters[4],
           let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) {
            parsed = (y, m, d, 10)
        } else if let y = number(0..<4), let m = number(4..<6), let d = number(6..<8), characters.count == 8 || !characters[8].isNumber {
            parsed = (y, m, d, 8)
        }
        guard let (year, month, day, length) = parsed, (1...12).contains(month), (1...31).contains(day), year >= 1000 else { return nil }
        let rest = String(characters[length...]).trimmingCharacters(in: CharacterSet(charactersIn: " -_").union(.whitespaces))
        return (year, month, day, rest)
    }
}
