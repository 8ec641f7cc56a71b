INSERT INTO batch_reports (name, summary, html, created_at) VALUES (?, ?, ?, ?)
ON CONFLICT (name) DO UPDATE SET summary = excluded.summary, html = excluded.html
