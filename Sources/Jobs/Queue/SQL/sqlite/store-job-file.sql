INSERT INTO job_files (job, name, data, updated_at) VALUES (?, ?, ?, ?)
ON CONFLICT (job, name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
