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
