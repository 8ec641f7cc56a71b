UPDATE jobs SET state = ?, stage = ?, worker = NULL, lease_until = NULL, run_after = ?, last_error = ?,
updated_at = ?, finished_at = ? WHERE id = ?
