INSERT INTO upload_requests (job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
