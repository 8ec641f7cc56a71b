UPDATE jobs SET state = $1, stage = $2, worker = NULL, lease_until = NULL, run_after = $3, last_error = $4,
updated_at = $5, finished_at = $6 WHERE id = $7
