UPDATE jobs SET state = 'cancelled', stage = 'cancelled', updated_at = ?, finished_at = ?
WHERE id = ? AND state IN ('queued', 'running', 'held', 'delivery-unknown', 'failed') RETURNING id
