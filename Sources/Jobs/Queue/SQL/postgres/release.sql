UPDATE jobs SET state = 'queued', stage = 'queued', worker = NULL, lease_until = NULL, attempts = GREATEST(0, attempts - 1),
updated_at = $1 WHERE id = $2 AND worker = $3 AND state = 'running' RETURNING id
