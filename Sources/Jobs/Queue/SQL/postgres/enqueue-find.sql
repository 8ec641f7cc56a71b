SELECT order_sha256, state FROM jobs WHERE id = $1 FOR UPDATE
