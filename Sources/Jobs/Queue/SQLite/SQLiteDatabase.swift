import CSQLite
import Foundation

/// One SQLite connection, owned here and closed on deinit. Every failure is thrown with
/// SQLite's own message.
final class SQLiteDatabase {
    struct Failure: QueueContention, CustomStringConvertible {
        var description: String
        /// Another connection held the lock for longer than this one waits.
        var isLockTimeout = false
    }

    private let handle: OpaquePointer
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// `lockWait`: seconds to wait for another connection's lock before failing with
    /// `isLockTimeout` (runners wait long; the console answers 503 sooner).
    init(path: String, lockWait: Double = 30) throws(Failure) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(db)
            throw Failure(description: "\(path): \(message)")
        }
        handle = db
        // Several runner processes share the file: wait for a lock rather than fail at once.
        sqlite3_busy_timeout(db, Int32(max(0, min(lockWait, 3600)) * 1000))
        // Switching a new file to WAL takes an exclusive lock, and SQLite answers BUSY at once
        // (no busy wait) while another process opens the same new file: `folio status` beside
        // a starting runner did. Asked again within the same wait; once WAL, the file stays so.
        let deadline = Date().addingTimeInterval(max(0.5, lockWait))
        while true {
            do throws(Failure) {
                try execute("PRAGMA journal_mode=WAL")
                break
            } catch {
                guard error.isLockTimeout, Date() < deadline else { throw error }
                usleep(20_000)
            }
        }
        try execute("PRAGMA synchronous=NORMAL")
    }

    deinit { sqlite3_close(handle) }

    typealias Value = SQLValue

    /// Runs `sql` with `values` bound in order; returns every row, read by column name.
    @discardableResult
    func execute(_ sql: String, _ values: [Value] = []) throws(Failure) -> [QueueRow] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .real(let number): sqlite3_bind_double(statement, position, number)
            case .text(let text): sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .blob(let data): _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient) }
            case .null: sqlite3_bind_null(statement, position)
            }
        }
        let columnCount = sqlite3_column_count(statement)
        var positions: [String: Int] = [:]
        for column in 0..<columnCount {
            if let name = sqlite3_column_name(statement, column) { positions[String(cString: name)] = Int(column) }
        }
        var rows: [QueueRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                let code = sqlite3_errcode(handle) & 0xff
                throw Failure(description: "\(String(cString: sqlite3_errmsg(handle))) in: \(sql)", isLockTimeout: code == SQLITE_BUSY || code == SQLITE_LOCKED)
            }
            rows.append(QueueRow(positions: positions, values: (0..<columnCount).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_BLOB:
                    let count = Int(sqlite3_column_bytes(statement, column))
                    return .blob(count == 0 ? Data() : Data(bytes: sqlite3_column_blob(statement, column), count: count))
                default: return .null
                }
            }))
        }
        return rows
    }

    /// Runs `body` inside BEGIN IMMEDIATE … COMMIT: the write lock is taken at once, so two
    /// processes can never both read a queued job and both claim it.
    func immediateTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

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
        let deadline = Date().addingTimeInterval(60)
        repeat {
            step = sqlite3_backup_step(backup, -1)
            if step == SQLITE_BUSY || step == SQLITE_LOCKED { sqlite3_sleep(20) }
        } while (step == SQLITE_BUSY || step == SQLITE_LOCKED || step == SQLITE_OK) && Date() < deadline
        let finished = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finished == SQLITE_OK else {
            throw Failure(description: "\(path): the backup failed: \(String(cString: sqlite3_errstr(step == SQLITE_DONE ? finished : step)))")
        }
    }
}
