INSERT INTO upload_requests (job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
