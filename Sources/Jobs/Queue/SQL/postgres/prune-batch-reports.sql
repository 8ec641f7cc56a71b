DELETE FROM batch_reports WHERE created_at < $1 RETURNING name
