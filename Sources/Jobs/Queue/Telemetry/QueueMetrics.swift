import Foundation

/// The queue's figures at one moment, as `/metrics` exposes them.
public struct QueueMetrics: Sendable, Equatable {
    /// A duration histogram: observations at or under each bucket bound (cumulative, as
    /// Prometheus wants them), their count and sum.
    public struct Histogram: Sendable, Equatable {
        public var bounds: [Double]
        public var cumulative: [Int]
        public var count: Int
        public var sum: Double
    }

    public struct Runner: Sendable, Equatable {
        public var name: String
        public var beats: Int
        public var lastBeat: Double
    }

    public var jobsByState: [QueuedJob.State: Int] = [:]
    public var queueDepth = 0
    /// When the oldest queued job was queued; nil with none queued.
    public var oldestQueuedAt: Double?
    public var pagesRendered = 0
    /// Requests sent, by destination id and class.
    public var requests: [String: [String: Int]] = [:]
    public var leaseLosses = 0
    /// Order files the hot folder refused (they never became jobs).
    public var rejectedAtIntake = 0
    public var runners: [Runner] = []
    /// Whole attempts, claim to end.
    public var attempts = Histogram(bounds: TelemetrySQL.buckets, cumulative: [], count: 0, sum: 0)
    public var stages: [String: Histogram] = [:]

    /// Reads every figure with `query`, which runs one of `TelemetrySQL`'s queries (both
    /// drivers can).
    static func read(_ query: (String) throws -> [QueueRow]) throws -> QueueMetrics {
        var metrics = QueueMetrics()
        for row in try query(TelemetrySQL.jobsByState) {
            guard let state = QueuedJob.State(rawValue: try row.text("state")) else { continue }
            metrics.jobsByState[state] = try row.integer("count")
        }
        for state in QueuedJob.State.allCases where metrics.jobsByState[state] == nil { metrics.jobsByState[state] = 0 }
        if let row = try query(TelemetrySQL.queued).first {
            metrics.queueDepth = try row.integer("count")
            metrics.oldestQueuedAt = try row.optionalReal("oldest")
        }
        metrics.pagesRendered = try query(TelemetrySQL.pages).first?.integer("pages") ?? 0
        for row in try query(TelemetrySQL.requests) {
            metrics.requests[try row.text("destination"), default: [:]][try row.text("request_class")] = try row.integer("count")
        }
        metrics.leaseLosses = try query(TelemetrySQL.leaseLosses).first?.integer("count") ?? 0
        metrics.rejectedAtIntake = try query(TelemetrySQL.rejectedAtIntake).first?.integer("count") ?? 0
        metrics.runners = try query(TelemetrySQL.runners).map { row in
            Runner(name: try row.text("runner"), beats: try row.integer("beats"), lastBeat: try row.real("beat_at"))
        }
        var counts: [String?: [Int]] = [:], sums: [String?: Double] = [:]
        let slots = TelemetrySQL.buckets.count + 1
        for row in try query(TelemetrySQL.durations) {
            let stage = try row.optionalText("stage")
            let bucket = min(max(try row.integer("bucket"), 0), slots - 1)
            counts[stage, default: Array(repeating: 0, count: slots)][bucket] += try row.integer("count")
            sums[stage, default: 0] += try row.optionalReal("seconds") ?? 0
        }
        for (stage, perBucket) in counts {
            let histogram = Histogram(perBucket: perBucket, sum: sums[stage] ?? 0)
            if let stage { metrics.stages[stage] = histogram } else { metrics.attempts = histogram }
        }
        return metrics
    }
}

extension QueueMetrics.Histogram {
    /// From counts per bucket (the last one beyond every bound).
    init(perBucket: [Int], sum: Double) {
        var running = 0
        let cumulative = perBucket.dropLast().map { count -> Int in
            running += count
            return running
        }
        self.init(bounds: TelemetrySQL.buckets, cumulative: cumulative, count: perBucket.reduce(0, +), sum: sum)
    }
}
