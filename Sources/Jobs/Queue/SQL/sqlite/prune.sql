DELETE FROM jobs WHERE id = ? AND state IN ('done', 'failed', 'cancelled') RETURNING id
