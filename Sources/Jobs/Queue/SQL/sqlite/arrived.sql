UPDATE jobs SET state = 'queued', stage = 'arrived', retry_floor = attempts, last_error = NULL, run_after = ?, updated_at = ?,
finished_at = NULL WHERE id = ? AND state = 'delivery-unknown' RETURNING id
