SELECT COUNT(*) AS count FROM rejected_orders
