SELECT job, attempt, kind, file, sha256, bytes, destination, url, http_status, response_id, order_sha256, worker, delivered_at
FROM deliveries WHERE job = $1 ORDER BY delivered_at, id
