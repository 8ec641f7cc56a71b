DELETE FROM jobs WHERE id = ?
  AND ((state = 'done' AND finished_at < ?)
    OR (state = 'cancelled' AND finished_at < ?)
    OR (state = 'failed' AND finished_at < ? AND last_error LIKE ?))
RETURNING id
