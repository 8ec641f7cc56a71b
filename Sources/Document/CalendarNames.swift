import Foundation

/// What CLDR says of a language's calendar and quotations, read once through Foundation: month
/// and weekday names, the patterns of a month's title and of a full date, quotation marks.
struct CalendarNames: Sendable {
    /// Month names standing alone ("Janvier", "1月"), capitalised as a title's first word.
    var standaloneMonths: [String]
    /// Month names inside a date ("января", "janvier").
    var months: [String]
    /// Weekday names, Monday first, as a date's first word.
    var weekdays: [String]
    /// The language's own patterns (Unicode date field symbols) for "January 2025" and
    /// "Friday, 3 January 2025".
    var monthPattern: String
    var datePattern: String
    var quotationOpen: String
    var quotationClose: String

    init(tag: String) {
        let locale = Locale(identifier: tag)
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        standaloneMonths = formatter.standaloneMonthSymbols.map(Self.capitalisingFirst)
        months = formatter.monthSymbols
        // Foundation's weeks begin on Sunday.
        let sundayFirst = formatter.weekdaySymbols.map(Self.capitalisingFirst)
        weekdays = sundayFirst.count == 7 ? Array(sundayFirst[1...] + sundayFirst[..<1]) : sundayFirst
        monthPattern = DateFormatter.dateFormat(fromTemplate: "LLLLy", options: 0, locale: locale) ?? "LLLL y"
        datePattern = DateFormatter.dateFormat(fromTemplate: "EEEEdMMMMy", options: 0, locale: locale) ?? "EEEE, d MMMM y"
        quotationOpen = locale.quotationBeginDelimiter ?? "\u{201C}"
        quotationClose = locale.quotationEndDelimiter ?? "\u{201D}"
    }

    /// `pattern` filled with the date's fields: the weekday (`E…`), day (`d`), month as a name
    /// (`MMMM`, `LLLL`: standing alone) or a number (`M`, `MM`), year (`y`); quoted text kept as
    /// written. `weekday` counts from Monday (0).
    func format(_ pattern: String, year: Int, month: Int, day: Int, weekday: Int) -> String {
        var result = ""
        var characters = pattern[...]
        while let first = characters.first {
            if first == "'" {
                // 'literal', and '' for an apostrophe.
                characters = characters.dropFirst()
                if characters.first == "'" {
                    result.append("'")
                    characters = characters.dropFirst()
                    continue
                }
                let literal = characters.prefix { $0 != "'" }
                result += literal
                characters = characters[literal.endIndex...].dropFirst()
                continue
            }
            let run = characters.prefix { $0 == first }
            characters = characters[run.endIndex...]
            switch first {
            case "E", "c": result += weekdays.indices.contains(weekday) ? weekdays[weekday] : ""
            case "d": result += run.count == 2 && day < 10 ? "0\(day)" : "\(day)"
            case "M", "L":
                if run.count >= 3, months.indices.contains(month - 1) {
                    result += first == "L" ? standaloneMonths[month - 1] : months[month - 1]
                } else {
                    result += run.count == 2 && month < 10 ? "0\(month)" : "\(month)"
                }
            case "y": result += "\(year)"
            default: result += run
            }
        }
        return Self.capitalisingFirst(result)
    }

    /// The first letter in upper case, the rest as written ("vendredi 3 janvier" → "Vendredi 3
    /// janvier"); scripts without case are left alone.
    static func capitalisingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
