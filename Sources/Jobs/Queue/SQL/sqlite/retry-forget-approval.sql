UPDATE jobs SET approved_by = NULL WHERE id = ?
