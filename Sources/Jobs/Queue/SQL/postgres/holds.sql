SELECT 1 FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' AND lease_until > $3
