DELETE FROM verifications WHERE job = $1
