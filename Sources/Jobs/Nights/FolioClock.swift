import Foundation
import Synchronization

/// The time the queue, retention and the night's cut read. The product never moves it; the
/// tests' `folio-with-faults` sets an offset (FOLIO_TEST_CLOCK_OFFSET_S), so a month of
/// nights runs in minutes through the real binary, its job processes included.
public enum FolioClock {
    private static let offset = Mutex(0.0)

    public static func now() -> Double { Date().timeIntervalSince1970 + offset.withLock { $0 } }

    public static var date: Date { Date(timeIntervalSince1970: now()) }

    /// For the tests' binary only.
    public static func shift(by seconds: Double) { offset.withLock { $0 = seconds } }
}
