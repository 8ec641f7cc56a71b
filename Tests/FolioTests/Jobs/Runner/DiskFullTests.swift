import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Out of space is the operator's problem, not the order's: with the jobs folder on a full
/// tmpfs (mounted by the test; root is needed, as in CI) the job fails its attempt with
/// `out-of-space`, leaves no half-written file, and is retried by the queue; once space is
/// freed the retry ends `done`.
@Suite(.serialized) struct DiskFullTests {
    @Test func aFullJobsFolderIsRetriedOnceSpaceIsFreed() throws {
        // Intake's own pause for a short disk is off: this is the job's failure when space runs out
        // under it (RetentionFilesTests has the pause).
        let workspace = try Workspace.batch(#", "retry_base_s": 2, "max_attempts": 8, "retention": {"min_free_mb": 0}"#)
        try FileManager.default.createDirectory(at: workspace.jobs, withIntermediateDirectories: true)
        let mount = try Tool.run("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", workspace.jobs.path])
        try #require(mount.status == 0, "cannot mount a tmpfs (root is needed): \(mount.errors)")
        defer { _ = try? Tool.run("umount", ["-l", workspace.jobs.path]) }
        // Fill it, leaving too little for a book.
        let filler = workspace.jobs.appendingPathComponent("filler")
        _ = try Tool.run("dd", ["if=/dev/zero", "of=\(filler.path)", "bs=64k", "count=63"])
        let ids = try workspace.drop(1, prefix: "full")
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: Workspace.folio)
        runner.arguments = ["run", "--workers", "1", "--config", workspace.configFile.path]
        // What the runner says stays beside the queue (not on the full disk), for a failure's message.
        let said = workspace.root.appendingPathComponent("runner.log")
        FileManager.default.createFile(atPath: said.path, contents: nil)
        let sayings = try FileHandle(forWritingTo: said)
        runner.standardOutput = sayings
        runner.standardError = sayings
        try runner.run()
        defer { if runner.isRunning { runner.terminate() } }
        // The first attempt fails for the disk, and the job waits in the queue.
        let deadline = Date().addingTimeInterval(60)
        var sawFull = false
        while Date() < deadline, runner.isRunning {
            let status = try workspace.folio(["status", ids[0], "--json"]).output
            if status.contains("out-of-space") { sawFull = true; break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let status = try workspace.folio(["status", ids[0], "--json"]).output
        #expect(sawFull || status.contains("out-of-space"),
                "the job never failed for the disk: \(status)\n\((try? String(contentsOf: said, encoding: .utf8)) ?? "")")
        // The failed attempt's process is gone and left nothing half written. (The retry may
        // already be writing its own: a partial file is named by its writer's process id.)
        let partials = (FileManager.default.enumerator(atPath: workspace.jobs.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".partial") }
        let leftovers = partials.filter { name in
            let writer = name.dropLast(".partial".count).split(separator: ".").last.flatMap { Int32($0) }
            return writer.map { kill($0, 0) != 0 } ?? true
        }
        #expect(leftovers.isEmpty, "half-written files of finished processes left: \(leftovers)")
        try FileManager.default.removeItem(at: filler)
        while runner.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(!runner.isRunning, "the runner did not finish")
        let report = try workspace.report(ids[0])
        #expect(report.status == .done && report.attempts >= 2, "\(String(describing: report.error))")
        #expect(try workspace.states()[ids[0]] == "done")
    }
}
