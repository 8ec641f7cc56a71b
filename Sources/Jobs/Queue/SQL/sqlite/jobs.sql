SELECT id, state, stage, attempts, last_error, worker, created_at, updated_at, order_sha256, order_bytes, signature, approved_by
FROM jobs ORDER BY created_at, id
