DELETE FROM rejected_orders WHERE at < $1 RETURNING file
