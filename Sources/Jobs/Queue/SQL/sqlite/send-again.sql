UPDATE jobs SET state = 'queued', stage = 'send-again', retry_floor = attempts, last_error = NULL, run_after = ?, updated_at = ?,
finished_at = NULL WHERE id = ? AND state IN ('delivery-unknown', 'done') RETURNING id
