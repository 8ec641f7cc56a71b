UPDATE jobs SET order_bytes = ?, order_sha256 = ?, signature = ?, state = 'queued', stage = 'queued',
attempts = 0, retry_floor = 0, worker = NULL, lease_until = NULL, run_after = ?, last_error = NULL, updated_at = ?,
finished_at = NULL, approved_by = NULL, pages = NULL, warnings = NULL WHERE id = ?
