INSERT INTO deliveries (job, attempt, kind, file, sha256, bytes, destination, url, http_status, response_id,
order_sha256, worker, delivered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
