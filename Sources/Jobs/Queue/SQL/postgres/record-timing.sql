INSERT INTO timings (job, attempt, stage, seconds, at) VALUES ($1, $2, $3, $4, $5)
