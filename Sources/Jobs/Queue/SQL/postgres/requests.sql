SELECT job, attempt, file, destination, url, http_status, error, bytes_sent, at, request_class
FROM upload_requests WHERE job = $1 ORDER BY at, id
