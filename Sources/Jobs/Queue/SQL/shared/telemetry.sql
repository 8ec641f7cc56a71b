-- Each request's class (README's retry classes), timings per attempt (`stage` NULL for the
-- whole attempt), one row per runner (issue 25).
ALTER TABLE upload_requests ADD COLUMN request_class text;
CREATE TABLE timings (
    job text NOT NULL,
    attempt integer NOT NULL,
    stage text,
    seconds double precision NOT NULL,
    at double precision NOT NULL
);
CREATE INDEX timings_job ON timings (job);
CREATE TABLE runners (
    runner text PRIMARY KEY,
    beats bigint NOT NULL,
    started_at double precision NOT NULL,
    beat_at double precision NOT NULL
);
