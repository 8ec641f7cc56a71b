import Foundation

/// Whether a job failed for want of disk space: the failure says so (`ENOSPC`, `EDQUOT`), or
/// the job's file system has almost nothing left (Cairo and qpdf report a failed write without
/// its cause). Such a failure is transient: the queue retries it after its backoff.
enum OutOfSpace {
    /// Below this, a failed job is taken to have failed for the disk.
    static let threshold: UInt64 = 64 * 1_048_576

    static func explains(_ message: String, folder: URL) -> Bool {
        let reasons = [ENOSPC, EDQUOT].map { String(cString: strerror($0)) }
        if reasons.contains(where: message.contains) { return true }
        guard let free = freeBytes(folder) else { return false }
        return free < threshold
    }

    static func freeBytes(_ folder: URL) -> UInt64? {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
}
