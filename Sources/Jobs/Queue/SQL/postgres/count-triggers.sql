-- The triggers that keep the counts of `shared/counts.sql` as the queue changes. Each statement
-- ends with a line `-- end`: the bodies hold semicolons of their own.
CREATE FUNCTION folio_count_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE job_counts SET jobs = jobs - 1, pages = pages - COALESCE(OLD.pages, 0), warnings = warnings - COALESCE(OLD.warnings, 0)
        WHERE night = OLD.night AND state = OLD.state;
        DELETE FROM job_counts WHERE night = OLD.night AND state = OLD.state AND jobs = 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO job_counts (night, state, jobs, pages, warnings) VALUES (NEW.night, NEW.state, 1, COALESCE(NEW.pages, 0), COALESCE(NEW.warnings, 0))
        ON CONFLICT (night, state) DO UPDATE SET jobs = job_counts.jobs + 1, pages = job_counts.pages + excluded.pages,
            warnings = job_counts.warnings + excluded.warnings;
        INSERT INTO night_times (night, first_queued, last_finished) VALUES (NEW.night, NEW.created_at, NEW.finished_at)
        ON CONFLICT (night) DO UPDATE SET first_queued = LEAST(night_times.first_queued, excluded.first_queued),
            last_finished = GREATEST(night_times.last_finished, excluded.last_finished);
    END IF;
    RETURN NULL;
END
$$
-- end
CREATE TRIGGER jobs_counted AFTER INSERT OR DELETE OR UPDATE OF state, night, pages, warnings, finished_at ON jobs
FOR EACH ROW EXECUTE FUNCTION folio_count_jobs()
-- end
CREATE FUNCTION folio_count_requests() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO request_counts (destination, request_class, requests) VALUES (NEW.destination, COALESCE(NEW.request_class, 'unknown'), 1)
    ON CONFLICT (destination, request_class) DO UPDATE SET requests = request_counts.requests + 1;
    RETURN NULL;
END
$$
-- end
CREATE TRIGGER requests_counted AFTER INSERT ON upload_requests FOR EACH ROW EXECUTE FUNCTION folio_count_requests()
-- end
CREATE FUNCTION folio_count_timings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO timing_counts (stage, bucket, attempts, seconds) VALUES (COALESCE(NEW.stage, ''), CASE WHEN NEW.seconds <= 0.1 THEN 0 WHEN NEW.seconds <= 0.25 THEN 1 WHEN NEW.seconds <= 0.5 THEN 2 WHEN NEW.seconds <= 1 THEN 3 WHEN NEW.seconds <= 2.5 THEN 4 WHEN NEW.seconds <= 5 THEN 5 WHEN NEW.seconds <= 10 THEN 6 WHEN NEW.seconds <= 30 THEN 7 WHEN NEW.seconds <= 60 THEN 8 WHEN NEW.seconds <= 120 THEN 9 WHEN NEW.seconds <= 300 THEN 10 WHEN NEW.seconds <= 600 THEN 11 WHEN NEW.seconds <= 1800 THEN 12 ELSE 13 END, 1, NEW.seconds)
    ON CONFLICT (stage, bucket) DO UPDATE SET attempts = timing_counts.attempts + 1, seconds = timing_counts.seconds + excluded.seconds;
    RETURN NULL;
END
$$
-- end
CREATE TRIGGER timings_counted AFTER INSERT ON timings FOR EACH ROW EXECUTE FUNCTION folio_count_timings()
-- end
CREATE FUNCTION folio_count_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO event_counts (event, events) VALUES (TG_ARGV[0], 1) ON CONFLICT (event) DO UPDATE SET events = event_counts.events + 1;
    RETURN NULL;
END
$$
-- end
CREATE TRIGGER lease_losses_counted AFTER INSERT ON events FOR EACH ROW WHEN (NEW.event = 'lease-lost')
EXECUTE FUNCTION folio_count_event('lease-lost')
-- end
CREATE TRIGGER rejections_counted AFTER INSERT ON rejected_orders FOR EACH ROW EXECUTE FUNCTION folio_count_event('rejected-at-intake')
-- end
