/// SQL both queue drivers share for telemetry: the same schema (`SQL/shared/telemetry.sql`:
/// SQLite reads `double precision` as REAL) and the same read-only queries, whose rows both read
/// by column name.
enum TelemetrySQL {
    /// Upper bounds of the duration histograms' buckets, in seconds.
    static let buckets: [Double] = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800]

    /// The bucket index of `seconds` (`buckets.count` for beyond the last), so the database
    /// counts the histogram and a scrape reads a few rows, not every timing ever kept.
    static var bucketIndex: String {
        "CASE " + buckets.enumerated().map { "WHEN seconds <= \($0.element) THEN \($0.offset)" }.joined(separator: " ")
            + " ELSE \(buckets.count) END"
    }

    static let jobsByState = "SELECT state, COUNT(*) AS count FROM jobs GROUP BY state"
    static let queued = "SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM jobs WHERE state = 'queued'"
    static let pages = "SELECT COALESCE(SUM(pages), 0) AS pages FROM jobs WHERE state IN ('done', 'held')"
    static let requests = "SELECT destination, COALESCE(request_class, 'unknown') AS request_class, COUNT(*) AS count FROM upload_requests "
        + "GROUP BY destination, 2"
    static let leaseLosses = "SELECT COUNT(*) AS count FROM events WHERE event = 'lease-lost'"
    static let rejectedAtIntake = "SELECT COUNT(*) AS count FROM rejected_orders"
    static let runners = "SELECT runner, beats, beat_at FROM runners ORDER BY runner"
    static var durations: String {
        "SELECT stage, \(bucketIndex) AS bucket, COUNT(*) AS count, SUM(seconds) AS seconds FROM timings GROUP BY stage, bucket"
    }
}
