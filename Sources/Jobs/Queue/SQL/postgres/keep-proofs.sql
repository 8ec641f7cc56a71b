INSERT INTO delivery_proofs (job, order_sha256, kind, file, sha256, bytes, destination, url, http_status, response_id,
delivered_at, pruned_at)
SELECT job, order_sha256, kind, file, sha256, bytes, destination, url, http_status, response_id, delivered_at, $1
FROM deliveries WHERE job = $2
