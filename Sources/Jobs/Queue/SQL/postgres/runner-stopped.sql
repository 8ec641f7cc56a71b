DELETE FROM runners WHERE runner = $1
