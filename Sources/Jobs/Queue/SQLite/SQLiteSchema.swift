/// The SQLite queue's schema, as versioned migrations (`PRAGMA user_version`).
enum SQLiteSchema {
    /// Each migration takes the schema from version index to index + 1.
    static let migrations: [String] = [
        """
        CREATE TABLE jobs (
            id TEXT PRIMARY KEY,
            order_bytes BLOB NOT NULL,
            order_sha256 TEXT NOT NULL,
            signature TEXT,
            state TEXT NOT NULL,
            stage TEXT NOT NULL DEFAULT 'queued',
            attempts INTEGER NOT NULL DEFAULT 0,
            worker TEXT,
            lease_until REAL,
            run_after REAL NOT NULL,
            last_error TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        );
        CREATE INDEX jobs_runnable ON jobs (state, run_after, created_at);
        """,
        """
        CREATE TABLE events (
            job TEXT NOT NULL,
            at REAL NOT NULL,
            event TEXT NOT NULL,
            worker TEXT,
            detail TEXT
        );
        CREATE INDEX events_job ON events (job);
        """,
        // The delivery ledger, every request sent, and what an attempt verified (issue 14).
        // A manual retry keeps counting attempts, so each attempt's number stays unique; the
        // retry budget counts from `retry_floor`.
        """
        CREATE TABLE deliveries (
            job TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            kind TEXT NOT NULL,
            file TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            destination TEXT NOT NULL,
            url TEXT NOT NULL,
            http_status INTEGER,
            response_id TEXT,
            order_sha256 TEXT NOT NULL,
            worker TEXT,
            delivered_at REAL NOT NULL
        );
        CREATE INDEX deliveries_job ON deliveries (job, destination, file);
        CREATE TABLE upload_requests (
            job TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            file TEXT NOT NULL,
            destination TEXT NOT NULL,
            url TEXT NOT NULL,
            http_status INTEGER,
            error TEXT,
            bytes_sent INTEGER NOT NULL,
            at REAL NOT NULL
        );
        CREATE INDEX upload_requests_job ON upload_requests (job);
        CREATE TABLE verifications (
            job TEXT PRIMARY KEY,
            order_sha256 TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            report BLOB NOT NULL,
            verified_at REAL NOT NULL
        );
        ALTER TABLE jobs ADD COLUMN retry_floor INTEGER NOT NULL DEFAULT 0;
        """,
        // Reports, previews and batch reports, so every host (and the console) sees them.
        """
        CREATE TABLE job_files (
            job TEXT NOT NULL,
            name TEXT NOT NULL,
            data BLOB NOT NULL,
            updated_at REAL NOT NULL,
            PRIMARY KEY (job, name)
        );
        CREATE TABLE batch_reports (
            name TEXT PRIMARY KEY,
            summary BLOB NOT NULL,
            html BLOB NOT NULL,
            created_at REAL NOT NULL
        );
        """,
        // Review and the console's catalog (issue 16), the same SQL on both drivers.
        CatalogSQL.migration,
        // Request classes, timings and runners for `/metrics` (issue 25).
        TelemetrySQL.migration,
    ]

}
