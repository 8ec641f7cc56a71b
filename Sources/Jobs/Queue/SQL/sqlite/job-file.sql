SELECT data FROM job_files WHERE job = ? AND name = ?
