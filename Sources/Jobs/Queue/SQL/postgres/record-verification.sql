INSERT INTO verifications (job, order_sha256, attempt, report, verified_at) VALUES ($1, $2, $3, $4::bytea, $5)
ON CONFLICT (job) DO UPDATE SET order_sha256 = excluded.order_sha256, attempt = excluded.attempt,
report = excluded.report, verified_at = excluded.verified_at
