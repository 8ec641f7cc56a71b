UPDATE jobs SET pages = $1, warnings = $2 WHERE id = $3
