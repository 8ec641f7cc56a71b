SELECT at, event, worker, detail FROM events WHERE job = ? ORDER BY at, rowid
