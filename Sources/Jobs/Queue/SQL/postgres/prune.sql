DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < $1 RETURNING id
