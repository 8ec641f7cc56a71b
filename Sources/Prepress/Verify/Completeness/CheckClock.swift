import Foundation

/// Adds up the time one kind of check took across outputs and threads: how the completeness
/// check's cost is reported (`timings_ms.verify_completeness`) and measured by `make bench`.
public final class CheckClock: @unchecked Sendable {
    private let lock = NSLock()
    private var total = Duration.zero

    public init() {}

    /// Runs `work`, adding its time.
    func time<T>(_ work: () -> T) -> T {
        let start = ContinuousClock.now
        let result = work()
        let elapsed = ContinuousClock.now - start
        lock.withLock { total += elapsed }
        return result
    }

    public var elapsed: Duration { lock.withLock { total } }
}
