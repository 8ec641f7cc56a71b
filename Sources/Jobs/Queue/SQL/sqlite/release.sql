UPDATE jobs SET state = 'queued', stage = 'queued', worker = NULL, lease_until = NULL, attempts = MAX(0, attempts - 1),
updated_at = ? WHERE id = ? AND worker = ? AND state = 'running'
