import Foundation

extension PostgresQueue: TelemetryStore {
    public func recordTimings(_ timings: AttemptTimings) throws {
        let now = String(environment.now())
        try transaction { database in
            let rows: [(String?, Double)] = [(nil, timings.seconds)] + timings.stages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            for (stage, seconds) in rows {
                try database.execute(Self.sql("record-timing"),
                                     [timings.job, String(timings.attempt), stage, String(seconds), now])
            }
        }
    }

    public func runnerBeat(_ runner: String, forgettingSilentAfter silence: Double) throws {
        let now = environment.now()
        try transaction { database in
            _ = try database.execute(Self.sql("runner-beat"), [runner, String(now)])
            _ = try database.execute(Self.sql("forget-silent-runners"), [String(now - silence)])
        }
    }

    public func runnerStopped(_ runner: String) throws {
        try withConnection { database in _ = try database.execute(Self.sql("runner-stopped"), [runner]) }
    }

    public func metrics() throws -> QueueMetrics {
        try withConnection { database in try QueueMetrics.read { sql in try database.execute(sql) } }
    }
}
