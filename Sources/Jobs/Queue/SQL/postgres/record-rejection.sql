INSERT INTO rejected_orders (file, order_id, reason, error_file, at) VALUES ($1, $2, $3, $4, $5)
