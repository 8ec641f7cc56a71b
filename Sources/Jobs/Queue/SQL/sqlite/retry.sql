UPDATE jobs SET state = 'queued', stage = 'queued', retry_floor = attempts, run_after = ?, updated_at = ?, finished_at = NULL
WHERE id = ? AND state IN ('failed', 'cancelled') RETURNING id
