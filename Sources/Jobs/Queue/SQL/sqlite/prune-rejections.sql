DELETE FROM rejected_orders WHERE at < ? RETURNING file
