DELETE FROM batch_reports WHERE created_at < ? RETURNING name
