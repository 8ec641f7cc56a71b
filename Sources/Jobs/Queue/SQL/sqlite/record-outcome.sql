UPDATE jobs SET pages = ?, warnings = ? WHERE id = ?
