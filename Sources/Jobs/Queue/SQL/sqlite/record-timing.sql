INSERT INTO timings (job, attempt, stage, seconds, at) VALUES (?, ?, ?, ?, ?)
