DELETE FROM jobs WHERE id = $1
  AND ((state = 'done' AND finished_at < $2)
    OR (state = 'cancelled' AND finished_at < $3)
    OR (state = 'failed' AND finished_at < $4 AND last_error LIKE $5))
RETURNING id
