DELETE FROM upload_requests WHERE job = ?
