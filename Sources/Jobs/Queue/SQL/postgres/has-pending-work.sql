SELECT 1 FROM jobs WHERE (state = 'running'
    OR (state = 'queued' AND NOT EXISTS (SELECT 1 FROM pauses WHERE kind = 'destination' AND name = jobs.destination)))
LIMIT 1
