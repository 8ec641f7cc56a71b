UPDATE jobs SET state = 'queued', stage = 'arrived', retry_floor = attempts, last_error = NULL, run_after = $1, updated_at = $1,
finished_at = NULL WHERE id = $2 AND state = 'delivery-unknown' RETURNING id
