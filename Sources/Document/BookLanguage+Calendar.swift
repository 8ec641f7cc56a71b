import Diagnostics

/// Month and weekday names and the forms of a date: English, Russian and Spanish as Folio has
/// always printed them, every other language as CLDR writes it.
extension BookLanguage {
    /// Standalone month names, capitalised: chapter titles and running heads.
    public var monthNames: [String] {
        switch primaryLanguage {
        case "en":
            ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
        case "ru":
            ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август",
             "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"]
        case "es":
            ["Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto",
             "Septiembre", "Octubre", "Noviembre", "Diciembre"]
        default:
            names.standaloneMonths
        }
    }

    /// Month names as they stand inside a date ("3 января 2025", "3 de enero de 2025").
    var monthNamesInDate: [String] {
        switch primaryLanguage {
        case "en": monthNames
        case "ru":
            ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]
        case "es": monthNames.map { $0.lowercased() }
        default: names.months
        }
    }

    /// Weekday names, Monday first.
    var weekdayNames: [String] {
        switch primaryLanguage {
        case "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        case "ru": ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"]
        case "es": ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]
        default: names.weekdays
        }
    }

    /// A chapter's title: the month and its year ("Январь 2025", "Janvier 2025", "2025年1月").
    public func chapterTitle(year: Int, month: Int) -> String {
        if Self.handKept.contains(primaryLanguage) { return "\(monthNames[month - 1]) \(year)" }
        return names.format(names.monthPattern, year: year, month: month, day: 1, weekday: 0)
    }

    /// An entry's date line: "Friday, 3 January 2025", "Пятница, 3 января 2025",
    /// "Viernes, 3 de enero de 2025", "Freitag, 3. Januar 2025", "2025年1月3日 金曜日".
    public func entryDate(_ local: LocalDateTime) -> String {
        let weekday = CivilCalendar.weekdayIndex(year: local.year, month: local.month, day: local.day)
        guard Self.handKept.contains(primaryLanguage) else {
            return names.format(names.datePattern, year: local.year, month: local.month, day: local.day, weekday: weekday)
        }
        let month = monthNamesInDate[local.month - 1]
        switch primaryLanguage {
        case "es": return "\(weekdayNames[weekday]), \(local.day) de \(month) de \(local.year)"
        default: return "\(weekdayNames[weekday]), \(local.day) \(month) \(local.year)"
        }
    }

    /// The quotation marks a quote opens and closes with: English's curly ones, guillemets in
    /// Russian and Spanish, else CLDR's (German „…“, Japanese 「…」, French « … » with the narrow
    /// no-break spaces French sets inside them). A language whose CLDR marks are the typewriter's
    /// keeps the curly ones.
    public var quotationMarks: (open: String, close: String) {
        switch primaryLanguage {
        case "en": return ("\u{201C}", "\u{201D}")
        case "ru", "es": return ("«", "»")
        case "fr": return ("«\u{202F}", "\u{202F}»")
        default:
            if names.quotationOpen == "\"" || names.quotationClose == "\"" { return ("\u{201C}", "\u{201D}") }
            return (names.quotationOpen, names.quotationClose)
        }
    }

    /// The languages whose names and dates Folio set before it read CLDR, kept as printed.
    private static let handKept: Set<String> = ["en", "ru", "es"]
}
