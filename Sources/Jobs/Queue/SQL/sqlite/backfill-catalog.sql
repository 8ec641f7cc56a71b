SELECT id, order_bytes, created_at FROM jobs WHERE night = ''
