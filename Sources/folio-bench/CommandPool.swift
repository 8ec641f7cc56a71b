import Foundation

/// Runs outside programs `parallel` at a time and measures them as a whole: wall time from the
/// first start to the last exit, and every process's CPU time (from wait4, which Foundation's
/// Process would take for itself). Standard output is discarded; standard error goes to a log,
/// which a failure names.
enum CommandPool {
    struct Command: Sendable {
        var program: String
        var arguments: [String]

        var line: String { ([program] + arguments).joined(separator: " ") }
    }

    struct Outcome: Sendable {
        var wall: Double
        var cpu: Double
        var processes: Int
    }

    static func run(_ commands: [Command], parallel: Int, log: URL) throws(BenchError) -> Outcome {
        var running: [pid_t: Command] = [:]
        var next = 0
        var cpu = 0.0
        var failure: BenchError?
        let start = ContinuousClock.now
        while (failure == nil && next < commands.count) || !running.isEmpty {
            while failure == nil, next < commands.count, running.count < max(1, parallel) {
                do {
                    running[try spawn(commands[next], log: log)] = commands[next]
                } catch {
                    failure = error
                }
                next += 1
            }
            guard !running.isEmpty else { break }
            var status: Int32 = 0
            var usage = rusage()
            let pid = wait4(-1, &status, 0, &usage)
            if pid < 0 {
                if errno == EINTR { continue }
                throw BenchError("waiting for \(running.values.map(\.program).joined(separator: ", ")) failed: errno \(errno)")
            }
            guard let command = running.removeValue(forKey: pid) else { continue }
            cpu += Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
            if status & 0x7F != 0 || (status >> 8) & 0xFF != 0, failure == nil {
                let how = status & 0x7F != 0 ? "was killed by signal \(status & 0x7F)" : "exited with status \((status >> 8) & 0xFF)"
                failure = BenchError("\(command.line) \(how); its messages are in \(log.path)")
            }
        }
        if let failure { throw failure }
        return Outcome(wall: (ContinuousClock.now - start).seconds, cpu: cpu, processes: commands.count)
    }

    /// What merely starting the program costs: the fastest of a few runs of `command`, which
    /// should do nothing else (`-version`, an empty text). Subtracted from a floor, as Folio
    /// starts once per job, not once per photo.
    static func startCost(_ command: Command, log: URL) throws(BenchError) -> Double {
        var fastest = Double.infinity
        for _ in 0..<5 { fastest = min(fastest, try run([command], parallel: 1, log: log).wall) }
        return fastest
    }

    private static func spawn(_ command: Command, log: URL) throws(BenchError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = ([command.program] + command.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, command.program, &actions, nil, argv, environ)
        guard result == 0 else {
            throw BenchError("cannot start \(command.line): \(String(cString: strerror(result))) (is it installed? scripts/install-deps.sh installs it)")
        }
        return pid
    }
}
