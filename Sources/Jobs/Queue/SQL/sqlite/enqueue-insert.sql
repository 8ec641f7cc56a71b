INSERT INTO jobs (id, order_bytes, order_sha256, signature, state, run_after, created_at, updated_at)
VALUES (?, ?, ?, ?, 'queued', ?, ?, ?)
