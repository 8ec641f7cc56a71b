SELECT attempts - retry_floor AS attempts
FROM jobs WHERE id = $1 AND worker = $2 AND state = 'running' FOR UPDATE
