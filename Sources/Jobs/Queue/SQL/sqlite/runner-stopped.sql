DELETE FROM runners WHERE runner = ?
