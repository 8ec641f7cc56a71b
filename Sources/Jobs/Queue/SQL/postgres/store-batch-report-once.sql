INSERT INTO batch_reports (name, summary, html, created_at) VALUES ($1, $2::bytea, $3::bytea, $4)
ON CONFLICT (name) DO NOTHING RETURNING name
