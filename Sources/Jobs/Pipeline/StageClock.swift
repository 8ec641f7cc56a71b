import Foundation

/// Milliseconds spent in each stage.
struct StageClock {
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String, into report: inout JobReport, until end: ContinuousClock.Instant = .now) {
        report.timingsMS[stage] = Self.milliseconds(end - last)
        last = end
    }

    /// Starts the next lap now, when the stage just ended was recorded another way.
    mutating func skip() {
        last = ContinuousClock.now
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
