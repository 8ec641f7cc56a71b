SELECT 1 FROM jobs WHERE id = $1 AND state = 'running' AND worker <> $2
