import Foundation

extension SQLiteQueue: TelemetryStore {
    public func recordTimings(_ timings: AttemptTimings) throws {
        let now = environment.now()
        try database.immediateTransaction { () throws in
            let rows: [(String?, Double)] = [(nil, timings.seconds)] + timings.stages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            for (stage, seconds) in rows {
                try database.execute(Self.sql("record-timing"),
                                     [.text(timings.job), .integer(Int64(timings.attempt)), stage.map { .text($0) } ?? .null,
                                      .real(seconds), .real(now)])
            }
        }
    }

    public func runnerBeat(_ runner: String, forgettingSilentAfter silence: Double) throws {
        let now = environment.now()
        try database.immediateTransaction { () throws in
            try database.execute(Self.sql("runner-beat"), [.text(runner), .real(now), .real(now)])
            try database.execute(Self.sql("forget-silent-runners"), [.real(now - silence)])
        }
    }

    public func runnerStopped(_ runner: String) throws {
        try database.execute(Self.sql("runner-stopped"), [.text(runner)])
    }

    public func metrics() throws -> QueueMetrics {
        try QueueMetrics.read { sql in try database.execute(sql) }
    }
}
