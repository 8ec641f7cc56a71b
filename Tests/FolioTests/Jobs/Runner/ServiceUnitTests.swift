import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Folio under systemd: the shipped units pass `systemd-analyze verify`, and `folio run --watch`
/// speaks the notify protocol a `Type=notify` service needs — READY=1 once it takes jobs,
/// WATCHDOG=1 on the watchdog's beat, STOPPING=1 when SIGTERM asks it to stop.
@Suite(.serialized) struct ServiceUnitTests {
    @Test func theUnitsVerify() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-units-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let units = ["folio-runner.service", "folio-console.service", "folio-night.service", "folio-night.timer"]
        for unit in units {
            // The package installs /usr/bin/folio; here the unit points at the built binary.
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent("packaging/systemd/\(unit)"), encoding: .utf8)
            try text.replacingOccurrences(of: "/usr/bin/folio", with: Workspace.folio)
                .write(to: folder.appendingPathComponent(unit), atomically: true, encoding: .utf8)
            guard unit.hasSuffix(".service") else { continue }
            #expect(text.contains(unit == "folio-night.service" ? "Type=oneshot" : "Type=notify"), "\(unit)")
            #expect(text.contains("ProtectSystem=strict") && text.contains("NoNewPrivileges=yes"), "\(unit)")
        }
        // The runner's job processes get SIGTERM from the runner, not all at once from systemd,
        // and the time to cut off or record their transfers before SIGKILL.
        let runner = try String(contentsOf: repositoryRoot.appendingPathComponent("packaging/systemd/folio-runner.service"), encoding: .utf8)
        let lines = runner.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("KillMode=mixed") && lines.contains("KillSignal=SIGTERM"), "\(runner)")
        #expect(lines.contains { $0.hasPrefix("TimeoutStopSec=") && (Int($0.dropFirst("TimeoutStopSec=".count)) ?? 0) >= 30 })
        let night = try String(contentsOf: repositoryRoot.appendingPathComponent("packaging/systemd/folio-night.service"), encoding: .utf8)
        // One run of the queue, not a watcher; stopped as the runner is.
        #expect(night.contains("KillMode=mixed\n") && night.contains("\nExecStart=/usr/bin/folio run --log-format logfmt\n"), "\(night)")
        let run = try Tool.run("systemd-analyze", ["verify"] + units.map { folder.appendingPathComponent($0).path })
        #expect(run.status == 0 && run.errors.isEmpty && run.output.isEmpty, "\(run.output)\(run.errors)")
    }

    /// Listens on a datagram socket as systemd would and writes every message it gets.
    static let listener = """
        import socket, sys
        path, out = sys.argv[1], sys.argv[2]
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(path)
        s.settimeout(30)
        with open(out, 'a') as f:
            while True:
                try:
                    data = s.recv(4096)
                except socket.timeout:
                    break
                f.write(data.decode() + '\\n--\\n')
                f.flush()
        """

    /// The listener, started, once its socket exists; its socket and the file it writes.
    func listen(in workspace: Workspace) throws -> (Process, URL, URL) {
        let socket = workspace.root.appendingPathComponent("notify.sock")
        let log = workspace.root.appendingPathComponent("notify.log")
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        listener.arguments = ["python3", "-c", Self.listener, socket.path, log.path]
        try listener.run()
        let start = Date()
        while !FileManager.default.fileExists(atPath: socket.path), Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        return (listener, socket, log)
    }

    @Test func theRunnerSaysReadyBeatsAndStopping() throws {
        let workspace = try Workspace.batch()
        let (listener, socket, log) = try listen(in: workspace)
        defer { listener.terminate() }
        let start = Date()
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: Workspace.folio)
        runner.arguments = ["run", "--watch", "--config", workspace.configFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.path
        environment["WATCHDOG_USEC"] = "400000"
        environment.removeValue(forKey: "WATCHDOG_PID")
        runner.environment = environment
        runner.standardOutput = FileHandle.nullDevice
        runner.standardError = FileHandle.nullDevice
        try runner.run()
        func said() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        while said().components(separatedBy: "WATCHDOG=1").count < 3, Date().timeIntervalSince(start) < 20 { Thread.sleep(forTimeInterval: 0.1) }
        kill(runner.processIdentifier, SIGTERM)
        runner.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.3)
        let messages = said()
        #expect(messages.contains("READY=1") && messages.contains("STATUS=taking jobs"), "\(messages)")
        #expect(messages.components(separatedBy: "WATCHDOG=1").count >= 3, "two beats or more: \(messages)")
        #expect(messages.contains("STOPPING=1"), "\(messages)")
        #expect(runner.terminationStatus == 0)
    }

    /// `folio serve` as `folio-console.service` runs it: its token from the credential systemd
    /// hands over, READY=1 once it listens, STOPPING=1 on SIGTERM.
    @Test func theConsoleReadsItsCredentialAndSaysReady() throws {
        let workspace = try Workspace.batch()
        let credentials = workspace.root.appendingPathComponent("credentials")
        try FileManager.default.createDirectory(at: credentials, withIntermediateDirectories: true)
        let token = ConsoleTokens.newToken()
        try Data((token + "\n").utf8).write(to: credentials.appendingPathComponent("console-token"))
        let (listener, socket, log) = try listen(in: workspace)
        defer { listener.terminate() }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Workspace.folio)
        server.arguments = ["serve", "--listen", "127.0.0.1:0", "--config", workspace.configFile.path]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "FOLIO_CONSOLE_TOKEN")
        environment["CREDENTIALS_DIRECTORY"] = credentials.path
        environment["NOTIFY_SOCKET"] = socket.path
        server.environment = environment
        let line = String(decoding: try server.runReadingFirstLine(), as: UTF8.self)
        defer { if server.isRunning { server.terminate() } }
        let base = try #require(line.components(separatedBy: "listening on ").last?.trimmingCharacters(in: CharacterSet(charactersIn: "/ ")), "\(line)")
        let answer = try Curl.request(base + "/api/jobs", headers: ["Authorization": "Bearer \(token)"])
        #expect(answer.status == 200, "the credential's token was not taken: \(answer.status)")
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.3)
        let messages = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(messages.contains("READY=1") && messages.contains("STOPPING=1"), "\(messages)")
    }
}
