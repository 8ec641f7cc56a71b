CREATE TABLE jobs (
    id text PRIMARY KEY,
    order_bytes bytea NOT NULL,
    order_sha256 text NOT NULL,
    signature text,
    state text NOT NULL,
    stage text NOT NULL DEFAULT 'queued',
    attempts integer NOT NULL DEFAULT 0,
    retry_floor integer NOT NULL DEFAULT 0,
    worker text,
    lease_until double precision,
    run_after double precision NOT NULL,
    last_error text,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    finished_at double precision
);
CREATE INDEX jobs_runnable ON jobs (state, run_after, created_at);
CREATE TABLE events (
    id bigserial PRIMARY KEY,
    job text NOT NULL,
    at double precision NOT NULL,
    event text NOT NULL,
    worker text,
    detail text
);
CREATE INDEX events_job ON events (job);
CREATE TABLE deliveries (
    id bigserial PRIMARY KEY,
    job text NOT NULL,
    attempt integer NOT NULL,
    kind text NOT NULL,
    file text NOT NULL,
    sha256 text NOT NULL,
    bytes bigint NOT NULL,
    destination text NOT NULL,
    url text NOT NULL,
    http_status integer,
    response_id text,
    order_sha256 text NOT NULL,
    worker text,
    delivered_at double precision NOT NULL
);
CREATE INDEX deliveries_job ON deliveries (job, destination, file);
CREATE TABLE upload_requests (
    id bigserial PRIMARY KEY,
    job text NOT NULL,
    attempt integer NOT NULL,
    file text NOT NULL,
    destination text NOT NULL,
    url text NOT NULL,
    http_status integer,
    error text,
    bytes_sent bigint NOT NULL,
    at double precision NOT NULL
);
CREATE INDEX upload_requests_job ON upload_requests (job);
CREATE TABLE verifications (
    job text PRIMARY KEY,
    order_sha256 text NOT NULL,
    attempt integer NOT NULL,
    report bytea NOT NULL,
    verified_at double precision NOT NULL
);
CREATE TABLE job_files (
    job text NOT NULL,
    name text NOT NULL,
    data bytea NOT NULL,
    updated_at double precision NOT NULL,
    PRIMARY KEY (job, name)
);
CREATE TABLE batch_reports (
    name text PRIMARY KEY,
    summary bytea NOT NULL,
    html bytea NOT NULL,
    created_at double precision NOT NULL
);
