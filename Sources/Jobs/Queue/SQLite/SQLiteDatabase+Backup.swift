import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Copies the whole database into a new file at `path` through SQLite's online backup, in
    /// one step: one consistent snapshot (the WAL's committed pages included), while other
    /// connections go on writing. Copying `folio.db` by hand misses what is still in the WAL.
    func backup(to path: String) throws(Failure) {
        var opened: OpaquePointer?
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let target = opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(opened)
            throw Failure(description: "\(path): \(message)")
        }
        defer { sqlite3_close(target) }
        guard let backup = sqlite3_backup_init(target, "main", handle, "main") else {
            throw Failure(description: "\(path): \(String(cString: sqlite3_errmsg(target)))")
        }
        var step: Int32
        repeat {
            step = sqlite3_backup_step(backup, -1)
            if step == SQLITE_BUSY || step == SQLITE_LOCKED { sqlite3_sleep(20) }
        } while step == SQLITE_BUSY || step == SQLITE_LOCKED || step == SQLITE_OK
        let finished = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finished == SQLITE_OK else {
            throw Failure(description: "\(path): the backup failed: \(String(cString: sqlite3_errstr(step == SQLITE_DONE ? finished : step)))")
        }
    }
}
