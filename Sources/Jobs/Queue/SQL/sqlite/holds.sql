SELECT 1 FROM jobs WHERE id = ? AND worker = ? AND state = 'running' AND lease_until > ?
