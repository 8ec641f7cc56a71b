/// SQL both queue drivers share for telemetry: the same schema (`SQL/shared/telemetry.sql`:
/// SQLite reads `double precision` as REAL) and the same read-only queries, whose rows both read
/// by column name.
enum TelemetrySQL {
    /// Upper bounds of the duration histograms' buckets, in seconds.
    static let buckets: [Double] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800]

    // Every figure from the counts (`SQL/shared/counts.sql`) the queue keeps by trigger as the queue
    // changes: a scrape reads a few dozen rows at a million jobs as at a thousand, and counters
    // never fall when retention prunes the rows they counted.
    static let jobsByState = "SELECT state, SUM(jobs) AS count FROM job_counts GROUP BY state"
    /// The oldest queued job through the (state, created_at) index.
    static let queued = "SELECT (SELECT COALESCE(SUM(jobs), 0) FROM job_counts WHERE state = 'queued') AS count, "
        + "(SELECT MIN(created_at) FROM jobs WHERE state = 'queued') AS oldest"
    static let pages = "SELECT COALESCE(SUM(pages), 0) AS pages FROM job_counts WHERE state IN ('done', 'held')"
    static let requests = "SELECT destination, request_class, requests AS count FROM request_counts"
    static let leaseLosses = "SELECT COALESCE(SUM(events), 0) AS count FROM event_counts WHERE event = 'lease-lost'"
    static let rejectedAtIntake = "SELECT COALESCE(SUM(events), 0) AS count FROM event_counts WHERE event = 'rejected-at-intake'"
    static let runners = "SELECT runner, beats, beat_at FROM runners ORDER BY runner"
    /// Whole attempts are stage '' in the counts.
    static let durations = "SELECT NULLIF(stage, '') AS stage, bucket, attempts AS count, seconds FROM timing_counts"
}
