UPDATE jobs SET state = 'cancelled', stage = 'cancelled', updated_at = $1, finished_at = $1
WHERE id = $2 AND state IN ('queued', 'running', 'held', 'delivery-unknown', 'failed') RETURNING id
