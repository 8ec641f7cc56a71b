INSERT INTO jobs (id, order_bytes, order_sha256, signature, state, run_after, created_at, updated_at)
VALUES ($1, $2::bytea, $3, $4, 'queued', $5, $5, $5) ON CONFLICT (id) DO NOTHING RETURNING id
