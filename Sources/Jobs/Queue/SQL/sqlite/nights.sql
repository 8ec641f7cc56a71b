SELECT c.night, c.state, c.jobs AS count, c.pages, c.warnings, t.first_queued, t.last_finished
FROM job_counts c JOIN night_times t ON t.night = c.night WHERE c.night >= ?
