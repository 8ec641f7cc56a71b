import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether standard output is journald's stream (systemd sets `JOURNAL_STREAM` to its
/// `device:inode`, and a line's `<N>` prefix then sets its priority: `journalctl -p err`
/// finds failed jobs). Anywhere else (a terminal, a pipe, a file) a line stays bare, so every
/// JSON line parses as written.
enum JournalStream {
    static func isStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let named = environment["JOURNAL_STREAM"] else { return false }
        let parts = named.split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(STDOUT_FILENO, &status) == 0 else {
            return false
        }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// syslog's levels as journald reads the prefix (sd-daemon.h's SD_ERR … SD_INFO).
    static func prefix(_ level: EventLog.Level) -> String {
        switch level {
        case .error: "<3>"
        case .warning: "<4>"
        case .notice: "<5>"
        case .info: "<6>"
        }
    }
}
