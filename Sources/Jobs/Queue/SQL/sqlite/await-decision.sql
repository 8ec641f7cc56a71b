UPDATE jobs SET state = 'delivery-unknown', stage = 'delivery-unknown', worker = NULL, lease_until = NULL, last_error = ?,
updated_at = ? WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
