INSERT INTO pauses (kind, name, reason, paused_by, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, name) DO NOTHING RETURNING name
