UPDATE jobs SET order_bytes = $2::bytea, order_sha256 = $3, signature = $4, state = 'queued', stage = 'queued',
attempts = 0, retry_floor = 0, worker = NULL, lease_until = NULL, run_after = $5, last_error = NULL, updated_at = $5,
finished_at = NULL, approved_by = NULL, pages = NULL, warnings = NULL WHERE id = $1
