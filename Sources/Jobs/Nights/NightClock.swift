import Import
import Foundation

/// Which night a moment belongs to (`night` in folio.json): a night runs from `cut_hour` one
/// day to `cut_hour` the next, in the shop's time zone, and is named by the date it began. At
/// the default noon, the night of 3 December holds the orders queued from noon on the 3rd to
/// noon on the 4th; the operator reads its report in the morning at the cut or after.
public struct NightClock: Sendable, Equatable {
    /// 0…23, local.
    public var cutHour = 12
    public var timeZone = TimeZone.current

    public init(cutHour: Int = 12, timeZone: TimeZone = .current) {
        self.cutHour = cutHour
        self.timeZone = timeZone
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The night `time` belongs to, as `YYYY-MM-DD`: the local date, or the day before while
    /// the clock is short of the cut (daylight saving changes nothing).
    public func label(at time: Double) -> String {
        let date = Date(timeIntervalSince1970: time)
        var day = calendar.dateComponents([.year, .month, .day, .hour], from: date)
        if (day.hour ?? 0) < cutHour, let before = calendar.date(byAdding: .day, value: -1, to: date) {
            day = calendar.dateComponents([.year, .month, .day], from: before)
        }
        return String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
    }

    /// When the night named `night` begins and ends, in seconds since 1970; nil for a label
    /// that names no date.
    public func bounds(of night: String) -> (start: Double, end: Double)? {
        let parts = night.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, Night.isLabel(night),
              let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: cutHour)),
              let end = calendar.date(byAdding: .day, value: 1, to: start),
              // The calendar rolls 2026-13-45 over into 2027: such a label names no night.
              label(at: start.timeIntervalSince1970) == night else { return nil }
        return (start.timeIntervalSince1970, end.timeIntervalSince1970)
    }

    /// The last night that has ended by `time`.
    public func lastEnded(at time: Double) -> String {
        let current = label(at: time)
        guard let start = bounds(of: current)?.start else { return current }
        return label(at: start - 1)
    }

    /// `night: {"cut_hour": 7, "time_zone": "Europe/Berlin"}`.
    static func read(_ reader: inout ObjectReader, issues: IssueList) -> NightClock {
        var clock = NightClock()
        guard var section = reader.object("night", required: false) else { return clock }
        clock.cutHour = section.integer("cut_hour", required: false, in: 0...23) ?? clock.cutHour
        if let name = section.string("time_zone", required: false) {
            if let zone = TimeZone(identifier: name) {
                clock.timeZone = zone
            } else {
                issues.add(.invalidValue, "night.time_zone", "unknown time zone \"\(name)\" (an IANA name such as Europe/Berlin)")
            }
        }
        section.rejectUnknownKeys()
        return clock
    }
}
