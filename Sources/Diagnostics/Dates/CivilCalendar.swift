import Foundation

/// Proleptic Gregorian calendar arithmetic on plain integers, so that dates never depend on
/// the machine's time zone or locale.
public enum CivilCalendar {
    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 = Monday … 6 = Sunday.
    public static func weekdayIndex(year: Int, month: Int, day: Int) -> Int {
        // 1970-01-01 was a Thursday (index 3).
        let days = daysFromCivil(year: year, month: month, day: day)
        return ((days % 7) + 7 + 3) % 7
    }
}

extension CivilCalendar {
    /// The calendar date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
    public static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension CivilCalendar {
    /// The UTC calendar fields of an instant, to the second.
    public static func utcFields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (year, month, day) = civilFromDays(days)
        return (year, month, day, rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
