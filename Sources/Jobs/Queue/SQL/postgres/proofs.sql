SELECT job, order_sha256, kind, file, sha256, bytes, destination, url, http_status, response_id, delivered_at, pruned_at
FROM delivery_proofs WHERE job = $1 ORDER BY delivered_at, file
