import Foundation

/// What the console's `/metrics` reads: every host's runners write their timings and
/// heartbeats to the queue they share, so one scrape of any console sees the whole shop.
public protocol TelemetryStore: AnyObject {
    /// How long an attempt took, claim to end, and each stage its report timed.
    func recordTimings(_ timings: AttemptTimings) throws
    /// A runner saying it is alive, once per lease-renewal round. Runners silent for
    /// `silence` seconds are forgotten then: a runner killed without a word leaves no series
    /// that alerts forever.
    func runnerBeat(_ runner: String, forgettingSilentAfter silence: Double) throws
    /// A runner stopping cleanly takes its row along: `/metrics` shows only live runners.
    func runnerStopped(_ runner: String) throws
    /// Everything `/metrics` shows, as the queue holds it now.
    func metrics() throws -> QueueMetrics
}

extension TelemetryStore {
    /// Five default leases of silence.
    public func runnerBeat(_ runner: String) throws { try runnerBeat(runner, forgettingSilentAfter: 300) }
}

public struct AttemptTimings: Sendable, Equatable {
    public var job: String
    public var attempt: Int
    public var seconds: Double
    public var stages: [String: Double]

    public init(job: String, attempt: Int, seconds: Double, stages: [String: Double]) {
        self.job = job
        self.attempt = attempt
        self.seconds = seconds
        self.stages = stages
    }
}
