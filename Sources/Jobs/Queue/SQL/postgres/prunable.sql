SELECT id, state FROM jobs
WHERE (state = 'done' AND finished_at < $1)
   OR (state = 'cancelled' AND finished_at < $2)
   OR (state = 'failed' AND finished_at < $3 AND last_error LIKE $4)
ORDER BY finished_at
