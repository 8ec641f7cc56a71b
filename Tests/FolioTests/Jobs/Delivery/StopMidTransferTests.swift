import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A night stopped as systemd stops it, mid-upload, and started again: each file reaches the
/// printer once. The printer here waits 3 s before it reads the first body, as a busy one
/// does, so the stop comes while the interior sits in the kernels' buffers; a job process that
/// simply died left the kernel to deliver them, and the printer got a whole file the ledger
/// never saw. (A body cut off before its last byte is `SlowPrinterTests`'.)
@Suite(.serialized) struct StopMidTransferTests {
    enum Stop: String, CaseIterable, Sendable {
        /// The runner dies (kill -9) and its job process gets SIGTERM: systemd's stop with the
        /// default kill mode, or a crash followed by a stop.
        case killRunnerThenTerminateJob
        /// SIGTERM to the runner alone (`KillMode=mixed`): it stops its job process itself.
        case terminateRunner
    }

    /// A one-entry book with three corpus photos (an interior of some hundred kilobytes) ordered
    /// for `printer`, in the hot folder.
    func bigBook(in workspace: Workspace, id: String) throws {
        try workspace.writePhotoExport("big")
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: Sample.order(id: id, export: "big", extra: ["destination": "printer"]))
            .write(to: inbox.appendingPathComponent("\(id).json"))
    }

    /// `folio run` started and left running, once job `id` is uploading (and `settle` seconds
    /// into it).
    func nightUploading(_ id: String, in workspace: Workspace, settle: Double) throws -> Process {
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: Workspace.folio)
        runner.arguments = ["run", "--workers", "1", "--config", workspace.configFile.path]
        runner.standardOutput = FileHandle.nullDevice
        runner.standardError = FileHandle.nullDevice
        try runner.run()
        let queue = try workspace.config.openQueue()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, try queue.job(id)?.stage.hasPrefix("upload") != true { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: settle)
        return runner
    }

    @Test(arguments: Stop.allCases)
    func aNightStoppedMidUploadDeliversEachFileOnce(_ stop: Stop) throws {
        let server = try FaultServer()
        // A lease longer than the printer's wait: a dead runner's lease still stands while its
        // job process hears the answer, as with the default 60 s.
        let workspace = try Workspace(settings: #", "intake_settle_s": 0, "retry_base_s": 0, "lease_s": 10"#)
        try workspace.printer(server.url("wait3/{order}/{file}"))
        let id = "stop-\(stop.rawValue.prefix(4))"
        try bigBook(in: workspace, id: id)
        let runner = try nightUploading(id, in: workspace, settle: 0.7)
        let queue = try workspace.config.openQueue()
        let children = try Tool.run("pgrep", ["-P", String(runner.processIdentifier)]).output
            .split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
        let job = try #require(children.first, "the runner has no job process")
        switch stop {
        case .killRunnerThenTerminateJob:
            kill(runner.processIdentifier, SIGKILL)
            runner.waitUntilExit()
            kill(job, SIGTERM)
        case .terminateRunner:
            kill(runner.processIdentifier, SIGTERM)
            runner.waitUntilExit()
        }
        let stopping = Date()
        while kill(job, 0) == 0, Date().timeIntervalSince(stopping) < 30 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(job, 0) != 0, "the job process is still running after SIGTERM")

        let again = try workspace.run(workers: 1)
        #expect(again.status == 0, "\(again.output)\n\(again.errors)")
        #expect(try workspace.states()[id] == "done")
        // The stopped connection has had its chance to complete at the printer by now.
        Thread.sleep(forTimeInterval: 4)
        let seen = try server.requests().map { "\($0["path"] ?? "") \($0["bytes"] ?? "")" }
        let requests = try queue.requests(id).map { "attempt \($0.attempt): \($0.httpStatus.map(String.init) ?? "-") \($0.requestClass ?? "") \($0.error ?? "")" }
        let log = (try? String(contentsOf: workspace.jobs.appendingPathComponent("\(id)/job.log"), encoding: .utf8)) ?? ""
        #expect(try server.accepted() == ["/wait3/\(id)/interior.pdf": 1], "\(seen); recorded: \(requests); job.log: \(log.suffix(1500))")
        // The printer had the whole body when the stop came: its answer was awaited and recorded
        // by the stopped attempt, and the night after it sent nothing.
        let report = try workspace.report(id)
        let attempts = report.uploads.first?.attempts ?? []
        #expect(attempts.first?.jobAttempt == 1, "the stopped attempt's request is in the report: \(attempts)")
        #expect(try queue.deliveries(id).count == 1)
    }

    /// An operator cancels a job while its interior is on its way: the transfer is cut off
    /// within seconds, nothing reaches the printer, the job ends `cancelled` and stays so, and
    /// the stopped request is in the ledger's requests.
    @Test func aRunningJobIsCancelledMidUpload() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try workspace.printer(server.url("trickle/{order}/{file}"))
        let id = "cancel-00"
        try bigBook(in: workspace, id: id)
        let runner = try nightUploading(id, in: workspace, settle: 0.5)
        let queue = try workspace.config.openQueue()
        let cancelled = try workspace.folio(["cancel", id])
        #expect(cancelled.status == 0, "\(cancelled.output)\(cancelled.errors)")
        let stopping = Date()
        while runner.isRunning, Date().timeIntervalSince(stopping) < 20 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!runner.isRunning, "the night did not end after its one job was cancelled")
        if runner.isRunning { runner.terminate() }
        runner.waitUntilExit()
        Thread.sleep(forTimeInterval: 2)
        #expect(try queue.job(id)?.state == .cancelled)
        #expect(try server.accepted().isEmpty)
        #expect(try queue.deliveries(id).isEmpty)
        #expect(try queue.requests(id).count == 1, "the cut-off request is recorded")
        #expect(try queue.events(id).contains { $0.event == "cancelled" })
    }
}
