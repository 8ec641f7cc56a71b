SELECT kind, name, reason, paused_by, at FROM pauses ORDER BY kind DESC, name
