import Foundation

/// Runs a program and reports its exit status and peak memory. Spawned with posix_spawn and
/// reaped with wait4 here: Foundation's Process reaps its children itself, so its rusage would
/// be lost. rusage's maxrss also inherits the spawning process's own peak (posix_spawn shares
/// its memory until exec), so a `folio` child reports its own post-exec peak (VmHWM) through
/// FOLIO_PEAK_RSS_FILE, and that is the figure used.
public enum MeasuredProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        /// Peak resident set size in kilobytes.
        public var maxRSSKB: Int
        public var cpuSeconds: Double
    }

    public static func run(_ executable: String, _ arguments: [String], quiet: Bool = true) -> Outcome? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let peakFile = NSTemporaryDirectory() + "folio-peak-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        var environment = ProcessInfo.processInfo.environment
        environment[PeakMemory.variable] = peakFile
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let exited = status & 0x7F == 0
        let own = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return Outcome(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), maxRSSKB: own ?? Int(usage.ru_maxrss), cpuSeconds: cpu)
    }
}

/// A process's own peak resident memory since exec (VmHWM), written on request at exit.
public enum PeakMemory {
    public static let variable = "FOLIO_PEAK_RSS_FILE"

    public static func recordIfAsked() {
        guard let file = ProcessInfo.processInfo.environment[variable],
              let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return }
        let kilobytes = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        try? Data(kilobytes.utf8).write(to: URL(fileURLWithPath: file))
    }
}
