import CSystemd
import Foundation

/// What a runner tells systemd when it runs as a `Type=notify` service (libsystemd's
/// `sd_notify`): ready once it takes jobs, alive on the watchdog's beat, stopping when asked
/// to. Outside systemd (no `NOTIFY_SOCKET`) every call does nothing.
public final class ServiceManager: @unchecked Sendable {
    /// Half the watchdog's interval, when systemd runs one for this process.
    private let beat: Double?
    private var lastBeat = Date.distantPast
    private var stopping = false

    public init() {
        var microseconds: UInt64 = 0
        beat = sd_watchdog_enabled(0, &microseconds) > 0 && microseconds > 0 ? Double(microseconds) / 2_000_000 : nil
    }

    /// How long the runner may wait idle and still beat in time.
    var longestWait: Double { beat ?? .infinity }

    public func ready(_ status: String) {
        notify("READY=1\nSTATUS=\(status)")
    }

    /// Called from the runner's loop: tells the watchdog the loop still turns.
    public func alive() {
        guard let beat, Date().timeIntervalSince(lastBeat) >= beat else { return }
        lastBeat = Date()
        notify("WATCHDOG=1")
    }

    /// Once, when a stop was asked for.
    public func stopping(_ status: String) {
        guard !stopping else { return }
        stopping = true
        notify("STOPPING=1\nSTATUS=\(status)")
    }

    private func notify(_ state: String) {
        _ = sd_notify(0, state)
    }
}
