SELECT job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class
FROM upload_requests WHERE job = ? ORDER BY at, rowid
