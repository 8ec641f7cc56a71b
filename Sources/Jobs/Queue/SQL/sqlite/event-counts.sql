SELECT job, COUNT(*) AS count FROM events WHERE event = ? GROUP BY job
