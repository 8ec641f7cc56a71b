UPDATE jobs SET state = 'failed', stage = 'failed', last_error = $1, updated_at = $2, finished_at = $2
WHERE id = $3 AND state = 'held' RETURNING id
