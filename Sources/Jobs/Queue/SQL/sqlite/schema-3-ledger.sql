-- The delivery ledger, every request sent, and what an attempt verified (issue 14). A manual
-- retry keeps counting attempts, so each attempt's number stays unique: the retry budget
-- counts from `retry_floor`.
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
