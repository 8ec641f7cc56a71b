SELECT 1 FROM jobs WHERE state IN ('queued', 'running') LIMIT 1
