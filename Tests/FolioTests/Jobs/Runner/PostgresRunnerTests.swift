import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Many runners, one PostgreSQL queue: the night batch through the real `folio` binary against
/// a private PostgreSQL 15, with a receiver that counts every copy it accepts.
@Suite(.serialized) struct PostgresRunnerTests {
    /// A batch workspace on a fresh database of `cluster`, delivering to the fault server.
    func workspace(_ cluster: PostgresCluster, _ server: FaultServer, settings: String = "") throws -> (Workspace, PostgresQueue) {
        let url = try cluster.createDatabase()
        let workspace = try Workspace.batch(settings, queue: url)
        try workspace.printer(server.url("ok/{order}/{file}"))
        return (workspace, try PostgresQueue(url: url, password: cluster.password))
    }

    /// `count` orders for the printer, taken into the queue.
    func queued(_ count: Int, prefix: String, in workspace: Workspace) throws -> [String] {
        let ids = try workspace.drop(count, prefix: prefix, extra: ["destination": "printer"])
        _ = try workspace.folio(["intake"])
        return ids
    }

    /// Runner processes, each printing into `runner-N.log` in the workspace.
    func runners(_ count: Int, _ workspace: Workspace, watch: Bool = false) throws -> [Process] {
        try (0..<count).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Workspace.folio)
            process.arguments = ["run", "--workers", "2", "--config", workspace.configFile.path] + (watch ? ["--watch"] : [])
            let log = workspace.root.appendingPathComponent("runner-\(index).log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: log)
            process.standardError = process.standardOutput
            try process.run()
            return process
        }
    }

    /// Every job done exactly once, and each file of each job accepted once and in the ledger once.
    func everyJobDoneOnce(_ ids: [String], _ queue: PostgresQueue, _ server: FaultServer) throws {
        let unfinished = try queue.jobs().filter { $0.state != .done }.map { "\($0.id) \($0.state.rawValue): \($0.lastError ?? "")" }
        #expect(try queue.eventCounts("done") == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }), "\(unfinished)")
        let accepted = try server.accepted()
        #expect(accepted.filter { $0.value > 1 }.isEmpty, "accepted twice: \(accepted.filter { $0.value > 1 })")
        #expect(Set(accepted.keys) == Set(ids.map { "/ok/\($0)/interior.pdf" }))
        for id in ids {
            #expect(try queue.deliveries(id).map(\.file) == ["interior.pdf"], "\(id)'s ledger")
        }
    }

    @Test func threeRunnersShareSixtyJobs() throws {
        let cluster = try PostgresCluster.shared.get()
        let server = try FaultServer()
        let (workspace, queue) = try workspace(cluster, server)
        let ids = try queued(60, prefix: "pg", in: workspace)
        for runner in try runners(3, workspace) { runner.waitUntilExit() }
        try everyJobDoneOnce(ids, queue, server)
        // Another host: its own job folders, the same database, the whole night in view.
        let elsewhere = try Workspace(queue: queue.connectionURL)
        let status = try elsewhere.folio(["status", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [Any])?.count == 60, "\(status.errors)")
        let report = try elsewhere.folio(["report", ids[7]])
        #expect(report.status == 0 && report.output.contains("\"order\" : \"\(ids[7])\""), "\(report.errors)")
        let batches = try elsewhere.folio(["report", "--batch"])
        #expect(batches.output.components(separatedBy: "\"batch\"").count - 1 == 3, "one batch report per runner: \(batches.output)")
    }

    @Test func aRunnerKilledMidBatchLeavesItsJobsToBeRescued() throws {
        let cluster = try PostgresCluster.shared.get()
        let server = try FaultServer()
        let (workspace, queue) = try workspace(cluster, server)
        let ids = try queued(30, prefix: "kill", in: workspace)
        let processes = try runners(3, workspace)
        let victim = processes[0].processIdentifier
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try !queue.jobs().contains(where: { $0.state == .running && $0.worker?.contains("-\(victim)-") == true }) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(victim, SIGKILL)
        for process in processes { process.waitUntilExit() }
        #expect(try workspace.run().status == 0)
        try everyJobDoneOnce(ids, queue, server)
        #expect(try queue.eventCounts("claimed").values.contains { $0 > 1 }, "the killed runner's job was claimed again")
    }

    /// PostgreSQL stopped for ten seconds mid-batch: the runners wait, reconnect and go on.
    @Test func theDatabaseStoppedForTenSecondsLosesNothing() throws {
        let cluster = try PostgresCluster()
        defer { try? cluster.stop() }
        let server = try FaultServer()
        let (workspace, queue) = try workspace(cluster, server, settings: #", "max_attempts": 5"#)
        let ids = try queued(30, prefix: "outage", in: workspace)
        let processes = try runners(3, workspace)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try (queue.eventCounts("done").count < 5) { Thread.sleep(forTimeInterval: 0.05) }
        try cluster.stop()
        Thread.sleep(forTimeInterval: 10)
        try cluster.restart()
        for process in processes { process.waitUntilExit() }
        let logs = try (0..<3).map { try String(contentsOf: workspace.root.appendingPathComponent("runner-\($0).log"), encoding: .utf8) }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(processes.map(\.terminationStatus)): \(logs.joined(separator: "\n---\n").suffix(3000))")
        try everyJobDoneOnce(ids, queue, server)
    }

    /// An idle runner LISTENs: a job queued starts at once, not at the next poll (which is up to
    /// 5 s away).
    @Test func anIdleRunnerWakesWhenAJobIsQueued() throws {
        let cluster = try PostgresCluster.shared.get()
        let server = try FaultServer()
        // The hot folder is read rarely: only the NOTIFY can wake the runner in time.
        let (workspace, queue) = try workspace(cluster, server, settings: #", "intake_interval_s": 60"#)
        try workspace.writeExport("small", journal: Sample.journal([Sample.entry("e1", "2025-03-03T10:00:00Z", text: "A short day.")]))
        let runner = try runners(1, workspace, watch: true)[0]
        defer { runner.terminate(); runner.waitUntilExit() }
        for index in 0..<3 {
            Thread.sleep(forTimeInterval: 2.3 + Double(index) * 0.7)  // idle, between polls
            let id = "wake-\(index)"
            let (file, _) = try workspace.writeOrder(Sample.order(id: id, export: "small", extra: ["destination": "printer"]), name: "\(id).json")
            #expect(try workspace.folio(["enqueue", file.path]).status == 0)
            let queued = Date()
            while Date().timeIntervalSince(queued) < 10, try queue.job(id)?.state == .queued { Thread.sleep(forTimeInterval: 0.01) }
            let waited = Date().timeIntervalSince(queued)
            #expect(waited < 1, "\(id) waited \(waited) s for an idle runner")
        }
    }

    @Test func aWaitingDriverIsWokenByNotify() throws {
        let cluster = try PostgresCluster.shared.get()
        let url = try cluster.createDatabase()
        let waiting = try PostgresQueue(url: url, password: cluster.password)
        try waiting.waitForWork(timeout: 0)  // LISTENs
        let password = cluster.password
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            _ = try? PostgresQueue(url: url, password: password).enqueue(id: "n1", order: Data("x".utf8), signature: nil, replace: false)
        }
        let start = Date()
        try waiting.waitForWork(timeout: 20)
        #expect(Date().timeIntervalSince(start) < 10, "woken by the NOTIFY, not by the 20 s timeout")
    }

    @Test func thePasswordNeverSitsInConfigOrShowsInErrors() throws {
        let cluster = try PostgresCluster.shared.get()
        let withPassword = try Workspace(queue: "postgres://folio:\(cluster.password)@127.0.0.1:\(cluster.port)/postgres")
        let refused = try withPassword.folio(["status"])
        #expect(refused.status == 2 && refused.errors.contains("must not carry a password"), "\(refused.errors)")
        #expect(!(refused.output + refused.errors).contains(cluster.password))
        let wrong = "not-the-\(cluster.password)"
        let failure = #expect(throws: PGConnection.Failure.self) { _ = try PostgresQueue(url: cluster.url("postgres"), password: wrong, outageBudget: 0) }
        #expect(failure?.description.contains("password authentication failed") == true, "\(String(describing: failure))")
        #expect(failure?.description.contains(wrong) == false)
    }
}

