UPDATE jobs SET state = 'held', stage = 'held', worker = NULL, lease_until = NULL, last_error = ?, updated_at = ?
WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
