UPDATE jobs SET state = 'delivery-unknown', stage = 'delivery-unknown', worker = NULL, lease_until = NULL, last_error = $1,
updated_at = $2 WHERE id = $3 AND worker = $4 AND state = 'running' RETURNING id
