INSERT INTO pauses (kind, name, reason, paused_by, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kind, name) DO NOTHING RETURNING name
