DELETE FROM pauses WHERE kind = ? AND name = ? RETURNING name
