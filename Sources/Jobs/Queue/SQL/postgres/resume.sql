DELETE FROM pauses WHERE kind = $1 AND name = $2 RETURNING name
