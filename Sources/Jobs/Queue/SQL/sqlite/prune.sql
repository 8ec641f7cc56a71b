DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < ? RETURNING id
