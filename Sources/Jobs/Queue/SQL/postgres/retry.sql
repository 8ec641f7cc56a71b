UPDATE jobs SET state = 'queued', stage = 'queued', retry_floor = attempts, run_after = $1, updated_at = $1, finished_at = NULL
WHERE id = $2 AND state IN ('failed', 'cancelled') RETURNING id
