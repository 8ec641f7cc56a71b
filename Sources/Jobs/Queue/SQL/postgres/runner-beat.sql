INSERT INTO runners (runner, beats, started_at, beat_at) VALUES ($1, 1, $2, $2)
ON CONFLICT (runner) DO UPDATE SET beats = runners.beats + 1, beat_at = excluded.beat_at
