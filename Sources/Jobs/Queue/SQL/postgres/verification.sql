SELECT job, order_sha256, attempt, report, verified_at FROM verifications WHERE job = $1
