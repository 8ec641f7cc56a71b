import Foundation

/// `folio backup FILE` (issue 36): the SQLite queue, copied whole while runners and the console
/// work, then opened and checked.
extension SQLiteQueue {
    public struct BackupSummary: Sendable, Equatable {
        public var jobs: Int
        public var ledgerRows: Int
        public var deliveryProofs: Int
        public var bytes: Int64
    }

    public enum BackupError: Error, CustomStringConvertible {
        case exists(String)
        case unwritable(String, String)
        case damaged(String, String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) already exists: a backup never overwrites a file"
            case .unwritable(let folder, let reason): "cannot write a backup in \(folder): \(reason)"
            case .damaged(let path, let problem): "\(path): the copy does not read back whole: \(problem)"
            }
        }
    }

    /// Writes the copy beside `file` under a temporary name, checks it (`integrity_check`, the
    /// rows it holds), then renames it into place: a half-written backup never has the name.
    public func backup(to file: URL) throws -> BackupSummary {
        guard !FileManager.default.fileExists(atPath: file.path) else { throw BackupError.exists(file.path) }
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(getpid()).partial")
        try? FileManager.default.removeItem(at: partial)
        // The copy holds every order and the ledger: readable by its owner only, from its first byte.
        guard FileManager.default.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw BackupError.unwritable(file.deletingLastPathComponent().path, String(cString: strerror(errno)))
        }
        do {
            try database.backup(to: partial.path)
            let copy = try SQLiteDatabase(path: partial.path)
            let check = try copy.execute("PRAGMA integrity_check").first?.text("integrity_check") ?? "no answer"
            guard check == "ok" else { throw BackupError.damaged(file.path, check) }
            func count(_ table: String) throws -> Int { try copy.execute("SELECT COUNT(*) AS n FROM \(table)").first?.integer("n") ?? 0 }
            let summary = BackupSummary(jobs: try count("jobs"), ledgerRows: try count("deliveries"),
                                        deliveryProofs: try count("delivery_proofs"), bytes: 0)
            // The copy leaves WAL mode for one self-contained file.
            try copy.execute("PRAGMA journal_mode=DELETE")
            try FileManager.default.moveItem(at: partial, to: file)
            var result = summary
            result.bytes = Int64((try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0)
            return result
        } catch {
            try? FileManager.default.removeItem(at: partial)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: partial.path + suffix) }
            throw error
        }
    }
}
