INSERT INTO events (job, at, event, worker, detail) VALUES ($1, $2, $3, $4, $5)
