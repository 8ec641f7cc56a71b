INSERT INTO rejected_orders (file, order_id, reason, error_file, at) VALUES (?, ?, ?, ?, ?)
