import Foundation

extension SQLiteQueue: TelemetryStore {
    public func recordTimings(_ timings: AttemptTimings) throws {
        let now = environment.now()
        try database.immediateTransaction { () throws in
            let rows: [(String?, Double)] = [(nil, timings.seconds)] + timings.stages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            for (stage, seconds) in rows {
                try database.execute("INSERT INTO timings (job, attempt, stage, seconds, at) VALUES (?, ?, ?, ?, ?)",
                                     [.text(timings.job), .integer(Int64(timings.attempt)), stage.map { .text($0) } ?? .null,
                                      .real(seconds), .real(now)])
            }
        }
    }

    public func runnerBeat(_ runner: String) throws {
        let now = environment.now()
        try database.execute("""
            INSERT INTO runners (runner, beats, started_at, beat_at) VALUES (?, 1, ?, ?)
            ON CONFLICT (runner) DO UPDATE SET beats = runners.beats + 1, beat_at = excluded.beat_at
            """, [.text(runner), .real(now), .real(now)])
    }

    public func metrics() throws -> QueueMetrics {
        try QueueMetrics.read { sql in try database.execute(sql) }
    }
}
