UPDATE jobs SET lease_until = $1, updated_at = $2 WHERE id = $3 AND worker = $4 AND state = 'running' RETURNING id
