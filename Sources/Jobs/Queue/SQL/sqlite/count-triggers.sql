-- The triggers that keep the counts of `shared/counts.sql` as the queue changes. Each statement
-- ends with a line `-- end`: the bodies hold semicolons of their own.
CREATE TRIGGER jobs_counted AFTER INSERT ON jobs BEGIN
    INSERT INTO job_counts (night, state, jobs, pages, warnings) VALUES (NEW.night, NEW.state, 1, COALESCE(NEW.pages, 0), COALESCE(NEW.warnings, 0))
    ON CONFLICT (night, state) DO UPDATE SET jobs = jobs + 1, pages = pages + excluded.pages, warnings = warnings + excluded.warnings;
    INSERT INTO night_times (night, first_queued, last_finished) VALUES (NEW.night, NEW.created_at, NEW.finished_at)
    ON CONFLICT (night) DO UPDATE SET first_queued = MIN(first_queued, excluded.first_queued);
END
-- end
CREATE TRIGGER jobs_recounted AFTER UPDATE OF state, night, pages, warnings, finished_at ON jobs BEGIN
    UPDATE job_counts SET jobs = jobs - 1, pages = pages - COALESCE(OLD.pages, 0), warnings = warnings - COALESCE(OLD.warnings, 0)
    WHERE night = OLD.night AND state = OLD.state;
    DELETE FROM job_counts WHERE night = OLD.night AND state = OLD.state AND jobs = 0;
    INSERT INTO job_counts (night, state, jobs, pages, warnings) VALUES (NEW.night, NEW.state, 1, COALESCE(NEW.pages, 0), COALESCE(NEW.warnings, 0))
    ON CONFLICT (night, state) DO UPDATE SET jobs = jobs + 1, pages = pages + excluded.pages, warnings = warnings + excluded.warnings;
    INSERT INTO night_times (night, first_queued, last_finished) VALUES (NEW.night, NEW.created_at, NEW.finished_at)
    ON CONFLICT (night) DO UPDATE SET first_queued = MIN(first_queued, excluded.first_queued),
        last_finished = MAX(COALESCE(last_finished, excluded.last_finished), COALESCE(excluded.last_finished, last_finished));
END
-- end
CREATE TRIGGER jobs_uncounted AFTER DELETE ON jobs BEGIN
    UPDATE job_counts SET jobs = jobs - 1, pages = pages - COALESCE(OLD.pages, 0), warnings = warnings - COALESCE(OLD.warnings, 0)
    WHERE night = OLD.night AND state = OLD.state;
    DELETE FROM job_counts WHERE night = OLD.night AND state = OLD.state AND jobs = 0;
END
-- end
CREATE TRIGGER requests_counted AFTER INSERT ON upload_requests BEGIN
    INSERT INTO request_counts (destination, request_class, requests) VALUES (NEW.destination, COALESCE(NEW.request_class, 'unknown'), 1)
    ON CONFLICT (destination, request_class) DO UPDATE SET requests = requests + 1;
END
-- end
CREATE TRIGGER timings_counted AFTER INSERT ON timings BEGIN
    INSERT INTO timing_counts (stage, bucket, attempts, seconds) VALUES (COALESCE(NEW.stage, ''), CASE WHEN NEW.seconds <= 0.1 THEN 0 WHEN NEW.seconds <= 0.25 THEN 1 WHEN NEW.seconds <= 0.5 THEN 2 WHEN NEW.seconds <= 1 THEN 3 WHEN NEW.seconds <= 2.5 THEN 4 WHEN NEW.seconds <= 5 THEN 5 WHEN NEW.seconds <= 10 THEN 6 WHEN NEW.seconds <= 30 THEN 7 WHEN NEW.seconds <= 60 THEN 8 WHEN NEW.seconds <= 120 THEN 9 WHEN NEW.seconds <= 300 THEN 10 WHEN NEW.seconds <= 600 THEN 11 WHEN NEW.seconds <= 1800 THEN 12 ELSE 13 END, 1, NEW.seconds)
    ON CONFLICT (stage, bucket) DO UPDATE SET attempts = attempts + 1, seconds = seconds + excluded.seconds;
END
-- end
CREATE TRIGGER lease_losses_counted AFTER INSERT ON events WHEN NEW.event = 'lease-lost' BEGIN
    INSERT INTO event_counts (event, events) VALUES ('lease-lost', 1) ON CONFLICT (event) DO UPDATE SET events = events + 1;
END
-- end
CREATE TRIGGER rejections_counted AFTER INSERT ON rejected_orders BEGIN
    INSERT INTO event_counts (event, events) VALUES ('rejected-at-intake', 1) ON CONFLICT (event) DO UPDATE SET events = events + 1;
END
-- end
