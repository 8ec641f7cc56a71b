INSERT INTO batch_reports (name, summary, html, created_at) VALUES (?, ?, ?, ?)
ON CONFLICT (name) DO NOTHING RETURNING name
