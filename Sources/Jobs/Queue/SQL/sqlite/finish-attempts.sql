SELECT attempts - retry_floor AS attempts FROM jobs WHERE id = ? AND worker = ? AND state = 'running'
