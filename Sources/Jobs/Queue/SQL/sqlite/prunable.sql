SELECT id, state FROM jobs
WHERE (state = 'done' AND finished_at < ?)
   OR (state = 'cancelled' AND finished_at < ?)
   OR (state = 'failed' AND finished_at < ? AND last_error LIKE ?)
ORDER BY finished_at
