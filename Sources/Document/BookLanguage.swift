import Diagnostics

/// The languages a book can be set in: each picks hyphenation, month and weekday names and
/// quotation marks.
public enum BookLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case russian = "ru"
    case spanish = "es"

    /// Accepts a BCP 47 tag whose primary subtag is supported (`en`, `en-GB`, `ru-RU`, `es-419`).
    public init?(tag: String) {
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        self.init(rawValue: primary)
    }

    /// Standalone month names (nominative), capitalised: chapter titles and running heads.
    public var monthNames: [String] {
        switch self {
        case .english:
            ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]
        case .russian:
            ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август",
             "Сентябрь", "Октябрь", "Ноябрь", "Декабрь"]
        case .spanish:
            ["Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto",
             "Septiembre", "Octubre", "Noviembre", "Diciembre"]
        }
    }

    /// Month names as they stand inside a date ("3 января 2025", "3 de enero de 2025").
    public var monthNamesInDate: [String] {
        switch self {
        case .english: monthNames
        case .russian:
            ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]
        case .spanish: monthNames.map { $0.lowercased() }
        }
    }

    /// Weekday names, Monday first.
    public var weekdayNames: [String] {
        switch self {
        case .english: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        case .russian: ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"]
        case .spanish: ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]
        }
    }

    /// The running-head title when a journal has none.
    public var diaryWord: String {
        switch self {
        case .english: "Diary"
        case .russian: "Дневник"
        case .spanish: "Diario"
        }
    }

    /// Shown in place of a photo that cannot be printed.
    public var photoUnavailable: String {
        switch self {
        case .english: "Photo unavailable"
        case .russian: "Фото недоступно"
        case .spanish: "Foto no disponible"
        }
    }

    public var photoWord: String {
        switch self {
        case .english: "Photo"
        case .russian: "Фото"
        case .spanish: "Foto"
        }
    }

    public var coverWord: String {
        switch self {
        case .english: "Cover"
        case .russian: "Обложка"
        case .spanish: "Cubierta"
        }
    }

    public var titlePageWord: String {
        switch self {
        case .english: "Title page"
        case .russian: "Титульный лист"
        case .spanish: "Portada"
        }
    }

    public var contentsWord: String {
        switch self {
        case .english: "Contents"
        case .russian: "Содержание"
        case .spanish: "Índice"
        }
    }

    /// Chapter title: "LLLL yyyy" in this language ("Январь 2025").
    public func chapterTitle(year: Int, month: Int) -> String {
        "\(monthNames[month - 1]) \(year)"
    }

    /// An entry's date line: "Friday, 3 January 2025", "Пятница, 3 января 2025",
    /// "Viernes, 3 de enero de 2025".
    public func entryDate(_ local: LocalDateTime) -> String {
        let weekday = weekdayNames[CivilCalendar.weekdayIndex(year: local.year, month: local.month, day: local.day)]
        let month = monthNamesInDate[local.month - 1]
        switch self {
        case .english: return "\(weekday), \(local.day) \(month) \(local.year)"
        case .russian: return "\(weekday), \(local.day) \(month) \(local.year)"
        case .spanish: return "\(weekday), \(local.day) de \(month) de \(local.year)"
        }
    }
}
