UPDATE jobs SET product = ?, destination = ?, title = ?, author = ?, search = ?, night = ? WHERE id = ?
