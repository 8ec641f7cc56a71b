SELECT file, order_id, reason, error_file, at FROM rejected_orders ORDER BY at DESC LIMIT $1
