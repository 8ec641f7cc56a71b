DELETE FROM runners WHERE beat_at < $1
