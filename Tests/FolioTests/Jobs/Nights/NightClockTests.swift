import Foundation
import Testing
@testable import Jobs

/// A night runs from its cut hour to the next day's, in the shop's own time zone, and is named
/// by the date it began; daylight saving moves nothing.
@Suite struct NightClockTests {
    @Test func nightsRunFromNoonToNoonByDefault() throws {
        let utc = NightClock(timeZone: try #require(TimeZone(identifier: "UTC")))
        let evening = 1_796_162_400.0  // 2026-12-01 22:00 UTC
        #expect(utc.label(at: evening) == "2026-12-01")
        #expect(utc.label(at: evening + 6 * 3600) == "2026-12-01")
        #expect(utc.label(at: evening + 14 * 3600) == "2026-12-02")
        #expect(utc.bounds(of: "2026-12-01").map { $0.start == evening - 10 * 3600 && $0.end == evening + 14 * 3600 } == true)
        #expect(utc.lastEnded(at: evening + 14 * 3600) == "2026-12-01" && utc.lastEnded(at: evening) == "2026-11-30")
        #expect(Night.isLabel("2026-12-01") && !Night.isLabel("2026-12-1") && !Night.isLabel("2026/12/01"))
        #expect(utc.bounds(of: "2026-13-45") == nil && utc.bounds(of: "yesterday") == nil)
    }

    @Test func aShopsOwnHourAndZoneAcrossDaylightSaving() throws {
        let berlin = NightClock(cutHour: 7, timeZone: try #require(TimeZone(identifier: "Europe/Berlin")))
        // 2026-03-29: clocks go from 02:00 to 03:00. The night of the 28th still ends at 07:00 local (05:00 UTC).
        let bounds = try #require(berlin.bounds(of: "2026-03-28"))
        #expect(bounds.end - bounds.start == 23 * 3600)
        #expect(berlin.label(at: bounds.end - 1) == "2026-03-28" && berlin.label(at: bounds.end) == "2026-03-29")
        // 06:59 and 07:00 Berlin in winter (UTC+1).
        let sevenInWinter = 1_796_191_200.0  // 2026-12-02 06:00 UTC = 07:00 Berlin
        #expect(berlin.label(at: sevenInWinter - 60) == "2026-12-01" && berlin.label(at: sevenInWinter) == "2026-12-02")
    }
}
