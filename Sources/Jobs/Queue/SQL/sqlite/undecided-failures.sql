SELECT COUNT(*) AS count FROM jobs WHERE state = 'failed' AND finished_at < ? AND (last_error IS NULL OR last_error NOT LIKE ?)
