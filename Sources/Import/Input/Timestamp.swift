import Diagnostics
import Document
import Foundation

/// An RFC 3339 timestamp: the instant, and the calendar day and time in the writer's own
/// offset (an entry written at 23:30 on 31 January in New York belongs to January).
public struct Timestamp: Equatable {
    public var local: LocalDateTime
    var second: Int
    public var nanosecond: Int
    var offsetSeconds: Int

    /// Seconds since 1970-01-01T00:00:00Z.
    public var epochSeconds: Int {
        let days = CivilCalendar.daysFromCivil(year: local.year, month: local.month, day: local.day)
        return days * 86_400 + local.hour * 3600 + local.minute * 60 + second - offsetSeconds
    }

    public var date: Date {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds) + TimeInterval(nanosecond) / 1e9)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else.
    init?(rfc3339 text: String) {
        let chars = Array(text.utf8)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= chars.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let c = chars[index]
                guard c >= 48 && c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
                index += 1
            }
            return value
        }
        func expect(_ options: String) -> Bool {
            guard index < chars.count, options.utf8.contains(chars[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
              let day = digits(2), expect("Tt "), let hour = digits(2), expect(":"),
              let minute = digits(2), expect(":"), let second = digits(2) else { return nil }
        var nanosecond = 0
        if index < chars.count, chars[index] == UInt8(ascii: ".") {
            index += 1
            var count = 0
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                if count < 9 { nanosecond = nanosecond * 10 + Int(chars[index] - 48) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in min(count, 9)..<9 { nanosecond *= 10 }
        }
        var offset = 0
        if expect("Zz") {
            offset = 0
        } else {
            guard index < chars.count else { return nil }
            let sign = chars[index] == UInt8(ascii: "-") ? -1 : 1
            guard expect("+-"), let offsetHours = digits(2), expect(":"), let offsetMinutes = digits(2),
                  offsetHours <= 23, offsetMinutes <= 59 else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard index == chars.count, (1...12).contains(month),
              (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)
        self.second = second
        self.nanosecond = nanosecond
        offsetSeconds = offset
    }
}

extension Timestamp {
    /// A timestamp from its parts (the importers compute the writer's offset themselves).
    init(local: LocalDateTime, second: Int, nanosecond: Int, offsetSeconds: Int) {
        self.local = local
        self.second = second
        self.nanosecond = nanosecond
        self.offsetSeconds = offsetSeconds
    }
}
