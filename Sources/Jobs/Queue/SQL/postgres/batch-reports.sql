SELECT name, summary FROM batch_reports ORDER BY created_at DESC, name DESC LIMIT $1
