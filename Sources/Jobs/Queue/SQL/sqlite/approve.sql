UPDATE jobs SET state = 'queued', stage = 'approved', approved_by = ?, retry_floor = attempts, last_error = NULL,
run_after = ?, updated_at = ? WHERE id = ? AND state = 'held' RETURNING id
