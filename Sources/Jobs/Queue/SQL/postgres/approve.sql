UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = $1, retry_floor = attempts, last_error = NULL,
run_after = $2, updated_at = $2 WHERE id = $3 AND state = 'held' RETURNING id
