DELETE FROM jobs WHERE id = $1 AND state IN ('done', 'failed', 'cancelled') RETURNING id
