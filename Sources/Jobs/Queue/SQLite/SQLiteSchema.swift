/// The SQLite queue's schema, as versioned migrations (`PRAGMA user_version`), each a file of
/// statements (`SQL/sqlite/schema-*.sql`, then the two both drivers share).
enum SQLiteSchema {
    /// Each migration takes the schema from version index to index + 1.
    static let migrations: [Migration] = [
        Migration(.sqlite, "schema-1-jobs"),
        Migration(.sqlite, "schema-2-events"),
        Migration(.sqlite, "schema-3-ledger"),
        Migration(.sqlite, "schema-4-files"),
        Migration(.shared, "catalog"),
        Migration(.shared, "telemetry"),
        Migration(.shared, "intake-log"),
        Migration(.shared, "retention"),
        Migration(.shared, "pauses"),
        Migration(.shared, "counts"),
        Migration(.sqlite, "count-triggers"),
    ]
}
