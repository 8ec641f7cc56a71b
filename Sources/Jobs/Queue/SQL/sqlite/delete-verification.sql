DELETE FROM verifications WHERE job = ?
