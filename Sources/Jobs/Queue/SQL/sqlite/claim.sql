UPDATE jobs SET state = 'running', stage = 'claimed', worker = ?, lease_until = ?, attempts = attempts + 1, updated_at = ?
WHERE id = (SELECT id FROM jobs
            WHERE ((state = 'queued' AND run_after <= ?) OR (state = 'running' AND lease_until < ?))
              AND NOT EXISTS (SELECT 1 FROM pauses WHERE kind = 'destination' AND name = jobs.destination)
            ORDER BY created_at, id LIMIT 1)
RETURNING id, state, stage, attempts, last_error, worker, created_at, updated_at, order_sha256, order_bytes, signature, approved_by
