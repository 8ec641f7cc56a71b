INSERT INTO job_files (job, name, data, updated_at) VALUES ($1, $2, $3::bytea, $4)
ON CONFLICT (job, name) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at
