UPDATE jobs SET stage = $1, updated_at = $2 WHERE id = $3 AND state = 'running'
