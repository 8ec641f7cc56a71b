-- A paused printer's jobs are no work a runner can take: queued, or running with a lease run out
-- (claim leaves both alone until the printer is resumed).
SELECT 1 FROM jobs WHERE (state = 'running' AND lease_until >= $1)
    OR (state IN ('queued', 'running') AND NOT EXISTS (SELECT 1 FROM pauses WHERE kind = 'destination' AND name = jobs.destination))
LIMIT 1
