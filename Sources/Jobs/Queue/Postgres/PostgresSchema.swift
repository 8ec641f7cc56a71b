/// The PostgreSQL queue's schema, as versioned migrations (`folio_schema.version`), each a file of
/// statements (`SQL/postgres/schema-1-tables.sql`, then the two both drivers share). The tables
/// are the SQLite queue's, with PostgreSQL's types; times are seconds since 1970 as every
/// host's clock gives them (the hosts keep their clocks in step, as leases need).
enum PostgresSchema {
    /// Each migration takes the schema from version index to index + 1.
    static let migrations: [Migration] = [
        Migration(.postgres, "schema-1-tables"),
        // Review and the console's catalog (issue 16): the same SQL as SQLite's migration 5.
        Migration(.shared, "catalog"),
        // Request classes, timings and runners for `/metrics` (issue 25).
        Migration(.shared, "telemetry"),
        // Orders refused at intake (issue 34).
        Migration(.shared, "intake-log"),
        // Delivery proofs that outlive pruned jobs (issue 36).
        Migration(.shared, "retention"),
        // Paused intake and destinations (issue 36).
        Migration(.shared, "pauses"),
        // Counts kept by trigger, for pages and /metrics at a million jobs (issue 36).
        Migration(.shared, "counts"),
        Migration(.postgres, "count-triggers"),
    ]

    /// The channel runners LISTEN on; a job that becomes runnable NOTIFYs it.
    static let channel = "folio_jobs"
}
