import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A log line's level, as journald and log shippers sort them.
public enum LogLevel: String, Sendable {
    case error, warning, notice, info

    /// syslog's priority as journald reads a line's prefix (sd-daemon.h's SD_ERR … SD_INFO).
    public var journalPrefix: String {
        switch self {
        case .error: "<3>"
        case .warning: "<4>"
        case .notice: "<5>"
        case .info: "<6>"
        }
    }
}

/// Whether standard output is journald's stream (systemd sets `JOURNAL_STREAM` to its
/// `device:inode`, and a line's `<N>` prefix then sets its priority: `journalctl -p err`
/// finds failed jobs). Anywhere else (a terminal, a pipe, a file) a line stays bare, so every
/// JSON line parses as written.
public enum JournalStream {
    public static func isStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        isConnected(STDOUT_FILENO, environment: environment)
    }

    /// Whether this descriptor is the journal's stream (standard error is, beside standard
    /// output, unless the unit says otherwise).
    public static func isConnected(_ descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let named = environment["JOURNAL_STREAM"] else { return false }
        let parts = named.split(separator: ":")
        var status = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(descriptor, &status) == 0 else {
            return false
        }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Time as log lines carry it: RFC 3339 in UTC with milliseconds.
    public static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
