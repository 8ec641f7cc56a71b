UPDATE jobs SET lease_until = ?, updated_at = ? WHERE id = ? AND worker = ? AND state = 'running' RETURNING id
