SELECT data FROM job_files WHERE job = $1 AND name = $2
