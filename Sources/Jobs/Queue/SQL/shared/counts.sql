-- Counts kept as the queue changes (issue 36), by triggers: the Night page, the lists' totals
-- and /metrics read a few rows whatever the history, and a pruned job no longer takes its
-- requests and timings out of the counters. Filled once from the rows already there, and kept by
-- triggers of each driver's own (count-triggers).
CREATE TABLE job_counts (
    night text NOT NULL,
    state text NOT NULL,
    jobs bigint NOT NULL,
    pages bigint NOT NULL,
    warnings bigint NOT NULL,
    PRIMARY KEY (night, state)
);
CREATE TABLE night_times (
    night text PRIMARY KEY,
    first_queued double precision NOT NULL,
    last_finished double precision
);
CREATE TABLE request_counts (
    destination text NOT NULL,
    request_class text NOT NULL,
    requests bigint NOT NULL,
    PRIMARY KEY (destination, request_class)
);
CREATE TABLE timing_counts (
    stage text NOT NULL,
    bucket integer NOT NULL,
    attempts bigint NOT NULL,
    seconds double precision NOT NULL,
    PRIMARY KEY (stage, bucket)
);
CREATE TABLE event_counts (
    event text PRIMARY KEY,
    events bigint NOT NULL
);
CREATE INDEX jobs_state_created ON jobs (state, created_at);
INSERT INTO job_counts (night, state, jobs, pages, warnings)
SELECT night, state, COUNT(*), COALESCE(SUM(pages), 0), COALESCE(SUM(warnings), 0) FROM jobs GROUP BY night, state;
INSERT INTO night_times (night, first_queued, last_finished) SELECT night, MIN(created_at), MAX(finished_at) FROM jobs GROUP BY night;
INSERT INTO request_counts (destination, request_class, requests)
SELECT destination, COALESCE(request_class, 'unknown'), COUNT(*) FROM upload_requests GROUP BY 1, 2;
INSERT INTO timing_counts (stage, bucket, attempts, seconds)
SELECT COALESCE(stage, ''), CASE WHEN seconds <= 0.1 THEN 0 WHEN seconds <= 0.25 THEN 1 WHEN seconds <= 0.5 THEN 2 WHEN seconds <= 1 THEN 3 WHEN seconds <= 2.5 THEN 4 WHEN seconds <= 5 THEN 5 WHEN seconds <= 10 THEN 6 WHEN seconds <= 30 THEN 7 WHEN seconds <= 60 THEN 8 WHEN seconds <= 120 THEN 9 WHEN seconds <= 300 THEN 10 WHEN seconds <= 600 THEN 11 WHEN seconds <= 1800 THEN 12 ELSE 13 END, COUNT(*), SUM(seconds) FROM timings GROUP BY 1, 2;
INSERT INTO event_counts (event, events) SELECT 'lease-lost', COUNT(*) FROM events WHERE event = 'lease-lost';
INSERT INTO event_counts (event, events) SELECT 'rejected-at-intake', COUNT(*) FROM rejected_orders
