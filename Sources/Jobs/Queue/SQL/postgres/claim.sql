WITH next AS (
    SELECT id FROM jobs
    WHERE ((state = 'queued' AND run_after <= $3) OR (state = 'running' AND lease_until < $3))
      AND NOT EXISTS (SELECT 1 FROM pauses WHERE kind = 'destination' AND name = jobs.destination)
    ORDER BY created_at, id LIMIT 1
    FOR UPDATE SKIP LOCKED)
UPDATE jobs SET state = 'running', stage = 'claimed', worker = $1, lease_until = $2, attempts = attempts + 1, updated_at = $3
FROM next WHERE jobs.id = next.id
RETURNING jobs.id, jobs.state, jobs.stage, jobs.attempts, jobs.last_error, jobs.worker, jobs.created_at, jobs.updated_at,
    jobs.order_sha256, jobs.order_bytes, jobs.signature, jobs.approved_by
