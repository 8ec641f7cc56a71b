UPDATE jobs SET state = 'failed', stage = 'failed', last_error = ?, updated_at = ?, finished_at = ?
WHERE id = ? AND state = 'held' RETURNING id
