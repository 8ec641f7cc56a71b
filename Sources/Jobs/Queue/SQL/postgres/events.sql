SELECT at, event, worker, detail FROM events WHERE job = $1 ORDER BY at, id
