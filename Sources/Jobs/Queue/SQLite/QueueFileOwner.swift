import Foundation

/// Who owns a new SQLite queue. On a server the queue's folder is the `folio` user's, and an
/// operator types `folio status` or `folio doctor` as root before the runner ever started: the
/// file that first command creates was root's, and the runner, running as `folio`, could then
/// not write its own queue. A queue root creates is given to its folder's owner. (SQLite itself
/// gives the `-wal` and `-shm` files the database's owner when root opens an existing queue.)
enum QueueFileOwner {
    /// Gives `database` (and its `-wal` and `-shm`, where they exist) to the owner of the folder
    /// it is in, when this process is root and the folder is not root's.
    static func giveNewQueue(_ database: URL) {
        guard geteuid() == 0 else { return }
        var folder = stat()
        guard stat(database.deletingLastPathComponent().path, &folder) == 0, folder.st_uid != 0 else { return }
        for suffix in ["", "-wal", "-shm"] {
            // A file that is not there is fine; any other failure leaves root's file, which
            // `folio doctor` run as the queue's user then reports as unwritable.
            _ = chown(database.path + suffix, folder.st_uid, folder.st_gid)
        }
    }
}
