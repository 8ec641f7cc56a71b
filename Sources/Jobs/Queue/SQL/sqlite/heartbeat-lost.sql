SELECT 1 FROM jobs WHERE id = ? AND state = 'running' AND worker <> ?
