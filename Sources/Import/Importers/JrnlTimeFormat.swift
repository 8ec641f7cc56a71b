/// A jrnl `timeformat` (strftime, as jrnl's config writes it: `%F %r` by default, which gives
/// `2019-10-01 08:00:00 AM`), read back: the date and time at the start of a string. English
/// month and day names, as jrnl writes them in the C locale.
struct JrnlTimeFormat: Equatable, Sendable {
    struct Fields: Equatable, Sendable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int
    }

    let pattern: String
    private let parts: [Part]

    private enum Part: Equatable, Sendable {
        case literal(Character)
        case space
        case number(Field, maxDigits: Int)
        case meridiem
        case monthName
        case dayName
    }

    private enum Field { case year, shortYear, month, day, hour, hour12, minute, second }

    /// What jrnl writes by default, then the formats people set most: tried in order when the
    /// order names none, and the first that reads every heading is taken.
    static let common = ["%F %r", "%Y-%m-%d %H:%M", "%F %T", "%Y-%m-%d %I:%M %p", "%d.%m.%Y %H:%M", "%m/%d/%Y %I:%M %p",
                         "%d/%m/%Y %H:%M", "%m/%d/%Y %H:%M", "%Y/%m/%d %H:%M", "%d %b %Y %H:%M", "%b %d, %Y %I:%M %p",
                         "%A, %B %d, %Y %I:%M %p", "%a %d %b %Y %H:%M"].compactMap(JrnlTimeFormat.init)

    /// Nil for a directive this reader does not know.
    init?(_ pattern: String) {
        self.pattern = pattern
        var parts: [Part] = []
        var characters = Array(pattern)[...]
        let expansions: [Character: String] = ["F": "%Y-%m-%d", "T": "%H:%M:%S", "R": "%H:%M", "r": "%I:%M:%S %p", "D": "%m/%d/%y"]
        while let character = characters.popFirst() {
            guard character == "%" else {
                parts.append(character == " " ? .space : .literal(character))
                continue
            }
            var directive = characters.popFirst()
            if directive == "-" || directive == "#" { directive = characters.popFirst() }
            guard let directive else { return nil }
            if let expanded = expansions[directive], let inner = JrnlTimeFormat(expanded) {
                parts += inner.parts
                continue
            }
            switch directive {
            case "Y": parts.append(.number(.year, maxDigits: 4))
            case "y": parts.append(.number(.shortYear, maxDigits: 2))
            case "m": parts.append(.number(.month, maxDigits: 2))
            case "d", "e": parts.append(.number(.day, maxDigits: 2))
            case "H": parts.append(.number(.hour, maxDigits: 2))
            case "I": parts.append(.number(.hour12, maxDigits: 2))
            case "M": parts.append(.number(.minute, maxDigits: 2))
            case "S": parts.append(.number(.second, maxDigits: 2))
            case "p": parts.append(.meridiem)
            case "b", "B", "h": parts.append(.monthName)
            case "a", "A": parts.append(.dayName)
            case "%": parts.append(.literal("%"))
            default: return nil
            }
        }
        self.parts = parts
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                     "october", "november", "december"]
    private static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                                   "mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The fields at the start of `text`, and how many characters they took; nil when `text`
    /// does not start with a date and time of this format.
    func read(_ text: Substring) -> (fields: Fields, length: Int)? {
        var rest = text
        var year: Int?, month: Int?, day: Int?, hour = 0, minute = 0, pm: Bool?
        for part in parts {
            switch part {
            case .literal(let character):
                guard rest.first == character else { return nil }
                rest = rest.dropFirst()
            case .space:
                guard rest.first == " " else { return nil }
                rest = rest.drop { $0 == " " }
            case .number(let field, let maxDigits):
                let digits = rest.prefix(maxDigits).prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let value = Int(digits) else { return nil }
                rest = rest.dropFirst(digits.count)
                switch field {
                case .year: year = value
                case .shortYear: year = 2000 + value
                case .month: month = value
                case .day: day = value
                case .hour, .hour12: hour = value
                case .minute: minute = value
                case .second: break
                }
            case .meridiem:
                let word = rest.prefix(2).uppercased()
                guard word == "AM" || word == "PM" else { return nil }
                pm = word == "PM"
                rest = rest.dropFirst(2)
            case .monthName:
                let word = rest.prefix { $0.isLetter }.lowercased()
                guard let index = Self.monthNames.firstIndex(of: word) ?? Self.months.firstIndex(of: word) else { return nil }
                month = index + 1
                rest = rest.dropFirst(word.count)
            case .dayName:
                let word = rest.prefix { $0.isLetter }.lowercased()
                guard Self.dayNames.contains(word) else { return nil }
                rest = rest.dropFirst(word.count)
            }
        }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard let year, let month, let day, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
              (0...59).contains(minute) else { return nil }
        return (Fields(year: year, month: month, day: day, hour: hour, minute: minute), text.count - rest.count)
    }

    /// The whole of `text` as a date and time of this format.
    func readWhole(_ text: Substring) -> Fields? {
        guard let (fields, length) = read(text), length == text.count else { return nil }
        return fields
    }
}
