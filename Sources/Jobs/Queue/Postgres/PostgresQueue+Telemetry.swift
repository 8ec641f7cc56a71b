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

    public func runnerBeat(_ runner: String) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute(Self.sql("runner-beat"), [runner, now])
        }
    }

    public func metrics() throws -> QueueMetrics {
        try withConnection { database in try QueueMetrics.read { sql in try database.execute(sql) } }
    }
}
