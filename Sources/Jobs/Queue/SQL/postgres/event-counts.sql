SELECT job, COUNT(*) AS count FROM events WHERE event = $1 GROUP BY job
