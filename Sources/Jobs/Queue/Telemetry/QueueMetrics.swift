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
    public var runners: [Runner] = []
    /// Whole attempts, claim to end.
    public var attempts = Histogram(bounds: TelemetrySQL.buckets, cumulative: [], count: 0, sum: 0)
    public var stages: [String: Histogram] = [:]

    /// Reads every figure with `query`, which runs one of `TelemetrySQL`'s queries and returns
    /// its rows as text (both drivers can).
    static func read(_ query: (String) throws -> [[String?]]) throws -> QueueMetrics {
        var metrics = QueueMetrics()
        for row in try query(TelemetrySQL.jobsByState) {
            guard let state = row.first.flatMap({ $0 }).flatMap(QueuedJob.State.init(rawValue:)) else { continue }
            metrics.jobsByState[state] = integer(row, 1)
        }
        for state in QueuedJob.State.allCases where metrics.jobsByState[state] == nil { metrics.jobsByState[state] = 0 }
        if let row = try query(TelemetrySQL.queued).first {
            metrics.queueDepth = integer(row, 0)
            metrics.oldestQueuedAt = number(row, 1)
        }
        metrics.pagesRendered = try query(TelemetrySQL.pages).first.map { integer($0, 0) } ?? 0
        for row in try query(TelemetrySQL.requests) {
            metrics.requests[text(row, 0), default: [:]][text(row, 1)] = integer(row, 2)
        }
        metrics.leaseLosses = try query(TelemetrySQL.leaseLosses).first.map { integer($0, 0) } ?? 0
        metrics.runners = try query(TelemetrySQL.runners).map { Runner(name: text($0, 0), beats: integer($0, 1), lastBeat: number($0, 2) ?? 0) }
        var counts: [String?: [Int]] = [:], sums: [String?: Double] = [:]
        let slots = TelemetrySQL.buckets.count + 1
        for row in try query(TelemetrySQL.durations) {
            let stage = row.first ?? nil
            let bucket = min(max(integer(row, 1), 0), slots - 1)
            counts[stage, default: Array(repeating: 0, count: slots)][bucket] += integer(row, 2)
            sums[stage, default: 0] += number(row, 3) ?? 0
        }
        for (stage, perBucket) in counts {
            let histogram = Histogram(perBucket: perBucket, sum: sums[stage] ?? 0)
            if let stage { metrics.stages[stage] = histogram } else { metrics.attempts = histogram }
        }
        return metrics
    }

    private static func text(_ row: [String?], _ index: Int) -> String { index < row.count ? row[index] ?? "" : "" }
    private static func number(_ row: [String?], _ index: Int) -> Double? { index < row.count ? row[index].flatMap(Double.init) : nil }
    /// Counts arrive as integers or (SQLite's SUM, PostgreSQL's numeric) as decimals.
    private static func integer(_ row: [String?], _ index: Int) -> Int {
        number(row, index).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0.rounded()) : nil } ?? 0
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
