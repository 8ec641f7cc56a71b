UPDATE jobs SET product = $1, destination = $2, title = $3, author = $4, search = $5, night = $6 WHERE id = $7
