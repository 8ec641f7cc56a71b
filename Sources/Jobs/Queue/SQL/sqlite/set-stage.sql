UPDATE jobs SET stage = ?, updated_at = ? WHERE id = ? AND state = 'running'
