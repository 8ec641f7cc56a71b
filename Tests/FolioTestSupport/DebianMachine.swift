import Foundation

/// A clean Debian 12 booted by its own systemd in a container (`systemd-nspawn`), where the
/// package is installed, upgraded and removed as the guide tells an operator to. Its base
/// system is made once by debootstrap (minimal, with sudo, and Debian's update and security
/// suites, as a server's sources have them) into `.build/debian12/base`; each machine boots a
/// fresh copy of it. Downloaded packages are kept in `.build/debian12/apt-archives` between
/// runs. The machine shares the host's network, so what it serves on 127.0.0.1 is reached from
/// the test.
public final class DebianMachine: @unchecked Sendable {
    public let root: URL
    private let nspawn: Process
    private let leader: Int32

    static let folder = repositoryRoot.appendingPathComponent(".build/debian12")

    public init() throws {
        Self.stopStaleMachines()
        let base = try Self.base()
        let name = "folio-" + UUID().uuidString.prefix(8).lowercased()
        root = Self.folder.appendingPathComponent(name)
        try Self.check(Tool.run("cp", ["-a", base.path, root.path]), "copying the base system")
        let archives = Self.folder.appendingPathComponent("apt-archives")
        try FileManager.default.createDirectory(at: archives.appendingPathComponent("partial"), withIntermediateDirectories: true)
        let log = Self.folder.appendingPathComponent("\(name).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        nspawn = Process()
        nspawn.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-nspawn")
        // No host systemd to register with or to make a scope: the container lives in this
        // process's own control group, and its console is left alone.
        nspawn.arguments = ["--quiet", "--directory", root.path, "--boot", "--machine", name, "--register=no", "--keep-unit",
                            "--console=passive", "--bind=\(archives.path):/var/cache/apt/archives"]
        nspawn.standardOutput = output
        nspawn.standardError = output
        nspawn.standardInput = FileHandle.nullDevice
        try nspawn.run()
        leader = try Self.initProcess(of: nspawn.processIdentifier, log: log)
        // Booted once systemd says so ("degraded" too: a container has units that cannot start).
        let booted = try wait(seconds: 60, until: "systemctl is-system-running --wait | grep -qx 'running\\|degraded'")
        guard booted else {
            let state = (try? shell("systemctl is-system-running").output) ?? ""
            stop()
            throw Failure(description: "the machine did not boot: \(state)")
        }
    }

    /// Runs `script` with bash as root inside the machine, in a clean environment (a login's
    /// PATH, `/root` as home) in `folder`. apt answers its own questions yes, as an operator
    /// would at the prompt.
    public func shell(_ script: String, in folder: String = "/root") throws -> ToolRun {
        try Tool.run("/usr/bin/nsenter", ["--target", "\(leader)", "--all", "--",
                                          "/usr/bin/env", "-i", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                          "HOME=/root", "LANG=C.UTF-8", "TERM=dumb", "DEBIAN_FRONTEND=noninteractive",
                                          "/bin/bash", "-o", "pipefail", "-c", "cd \(folder) && \(script)"])
    }

    /// Waits until `script` exits 0, asking every half second; false after `seconds`.
    public func wait(seconds: Double, until script: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try shell(script).status == 0 { return true }
            usleep(500_000)
        }
        return false
    }

    /// Powers the machine off (nspawn turns SIGTERM into an orderly shutdown) and removes it.
    public func stop() {
        if nspawn.isRunning {
            nspawn.terminate()
            let deadline = Date().addingTimeInterval(30)
            while nspawn.isRunning && Date() < deadline { usleep(100_000) }
            if nspawn.isRunning { kill(nspawn.processIdentifier, SIGKILL) }
            nspawn.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.removeItem(at: Self.folder.appendingPathComponent("\(root.lastPathComponent).log"))
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The base system, made by debootstrap the first time (about half a minute on Debian's
    /// mirror) under a temporary name, so an interrupted run never leaves half a system.
    static func base() throws -> URL {
        let base = folder.appendingPathComponent("base")
        if FileManager.default.fileExists(atPath: base.appendingPathComponent("etc/apt/apt.conf.d/90folio-tests").path) { return base }
        let partial = folder.appendingPathComponent("base.partial")
        try? FileManager.default.removeItem(at: partial)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try check(Tool.run("debootstrap", ["--variant=minbase", "--include=systemd,systemd-sysv,dbus,sudo",
                                           "bookworm", partial.path, "http://deb.debian.org/debian"]), "debootstrap")
        try """
            deb http://deb.debian.org/debian bookworm main
            deb http://deb.debian.org/debian bookworm-updates main
            deb http://deb.debian.org/debian-security bookworm-security main

            """.write(to: partial.appendingPathComponent("etc/apt/sources.list"), atomically: true, encoding: .utf8)
        // The operator's "Y" at apt's prompt.
        try "APT::Get::Assume-Yes \"true\";\n"
            .write(to: partial.appendingPathComponent("etc/apt/apt.conf.d/90folio-tests"), atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: base)
        try FileManager.default.moveItem(at: partial, to: base)
        return base
    }

    /// Machines a killed test run left booted (its nspawn outlives it): they would hold the
    /// console's port. Only this suite boots machines here, one at a time.
    private static func stopStaleMachines() {
        guard let processes = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for name in processes {
            guard let pid = Int32(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.first?.hasSuffix("systemd-nspawn") == true,
                  words.contains(where: { $0.hasPrefix(folder.path + "/folio-") }) else { continue }
            kill(pid, SIGKILL)
        }
    }

    /// The container's init: nspawn's child, once it has one.
    private static func initProcess(of parent: Int32, log: URL) throws -> Int32 {
        let children = "/proc/\(parent)/task/\(parent)/children"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            // Its first child is nspawn itself until it has set the machine up and run systemd.
            if let text = try? String(contentsOfFile: children, encoding: .utf8),
               let first = text.split(separator: " ").first, let pid = Int32(first),
               (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "systemd\n" { return pid }
            usleep(100_000)
        }
        throw Failure(description: "systemd-nspawn started no machine: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    private static func check(_ run: ToolRun, _ what: String) throws {
        guard run.status == 0 else { throw Failure(description: "\(what) failed (\(run.status)): \(run.errors.suffix(2000))") }
    }
}
