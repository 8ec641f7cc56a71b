INSERT INTO events (job, at, event, worker, detail) VALUES (?, ?, ?, ?, ?)
