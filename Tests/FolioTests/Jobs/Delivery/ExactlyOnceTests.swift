import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Every file reaches the printer exactly once, through the real `folio run`, against a
/// receiver on 127.0.0.1 that keeps every copy it accepts and fails on purpose.
@Suite(.serialized) struct ExactlyOnceTests {
    static let outputs = ["interior", "cover", "epub"]

    func accepted(_ server: FaultServer, exactlyOnce ids: [String], mode: String) throws {
        let accepted = try server.accepted()
        let files = ["interior.pdf", "cover.pdf", "book.epub"]
        let expected = Dictionary(uniqueKeysWithValues: ids.flatMap { id in files.map { ("/\(mode)/\(id)/\($0)", 1) } })
        let twice = accepted.filter { $0.value > 1 }.keys.sorted()
        let never = expected.keys.filter { accepted[$0] == nil }.sorted()
        let unexpected = accepted.keys.filter { expected[$0] == nil }.sorted()
        #expect(twice.isEmpty, "accepted more than once: \(twice)")
        #expect(never.isEmpty && unexpected.isEmpty, "never accepted: \(never); not expected: \(unexpected)")
    }

    func requests(_ server: FaultServer, to path: String) throws -> Int {
        try server.requests().filter { $0["path"] as? String == path && $0["method"] as? String == "PUT" }.count
    }

    @Test func busyThenSlowThenCutOffThenOKDeliversEachFileOnceInTheFirstAttempt() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try workspace.printer(server.url("story/{order}/{file}"))
        let ids = try workspace.drop(1, prefix: "story", extra: ["destination": "printer"], outputs: Self.outputs)
        let result = try workspace.run(workers: 1)
        #expect(result.status == 0, "\(result.output)")
        let report = try workspace.report(ids[0])
        #expect(report.status == .done && report.attempts == 1, "\(String(describing: report.error))")
        try accepted(server, exactlyOnce: ids, mode: "story")
        var requestsSent = 0
        for upload in report.uploads {
            // The printer reads half the body and hangs up. When the kernel had already taken the
            // whole body (a small file, or loopback buffers that were large enough), the printer
            // may hold the file, so it is asked (HEAD, 404: it kept nothing) before the file goes
            // again; when part of the body was never sent, the file goes again at once. Which of
            // the two happens to a file of a megabyte depends on the machine's socket buffers.
            let size = upload.attempts.last?.bytesSent
            let cutOff = upload.attempts.count > 2 ? upload.attempts[2] : nil
            let asked = cutOff?.bytesSent == size
            let expected: [Int?] = [503, 429, nil] + (asked ? [404] : []) + [201]
            #expect(upload.attempts.map(\.httpStatus) == expected, "\(upload.file): \(upload.attempts)")
            #expect(upload.attempts.allSatisfy { $0.jobAttempt == 1 })
            #expect(upload.delivered?.responseID == "/stored/story/\(ids[0])/\(upload.file)")
            requestsSent += expected.count
        }
        // The cover is small enough that its whole body is always in the kernel's hands.
        let cover = try #require(report.uploads.first { $0.file == "cover.pdf" })
        #expect(cover.attempts.map(\.httpStatus) == [503, 429, nil, 404, 201], "\(cover.attempts)")
        let status = try workspace.folio(["status", ids[0]])
        #expect(status.output.contains("delivered (\(requestsSent) requests sent in all)") && status.output.contains("book.epub"), "\(status.output)")
    }

    /// A destination that answers 400 refuses on purpose: one request per file, the job ends
    /// `failed` with `delivery-refused` in its first attempt, and the queue does not send the
    /// same bytes again (until an operator retries it).
    @Test func aPermanentRefusalIsNotRetriedByTheQueue() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch(#", "max_attempts": 3"#)
        try workspace.printer(server.url("400/{order}/{file}"), attempts: 3)
        let ids = try workspace.drop(1, prefix: "refused", extra: ["destination": "printer"], outputs: ["interior"])
        let result = try workspace.run(workers: 1)
        #expect(!result.output.contains("queued \(ids[0])"), "the refusal was retried: \(result.output)")
        let report = try workspace.report(ids[0])
        #expect(report.status == .failed && report.attempts == 1 && report.error?.code == "delivery-refused", "\(String(describing: report.error))")
        #expect(try requests(server, to: "/400/\(ids[0])/interior.pdf") == 1)
        // `/metrics` counts it in README's class.
        #expect(try workspace.config.openQueue().requests(ids[0]).map(\.requestClass) == ["permanent"])
        let status = try workspace.folio(["status", ids[0]])
        #expect(status.output.contains("failed"), "\(status.output)")
    }

    /// The last file fails its whole first attempt; the queue's second attempt renders nothing,
    /// sends that file only, and its report keeps the first attempt's requests.
    @Test func aRetryAfterAFailedDeliveryResumesWithoutRendering() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch(#", "max_attempts": 2"#)
        try workspace.printer(server.url("503x3.epub/{order}/{file}"), attempts: 3)
        let ids = try workspace.drop(1, prefix: "resume", extra: ["destination": "printer"], outputs: Self.outputs)
        let result = try workspace.run(workers: 1)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("queued \(ids[0])"), "the first attempt failed and was retried: \(result.output)")
        let report = try workspace.report(ids[0])
        #expect(report.status == .done && report.attempts == 2)
        #expect(report.stages.first { $0.stage == "render" } == .init(stage: "render", status: .reused, attempt: 1))
        #expect(report.timingsMS["render"] == nil && report.timingsMS["recheck"] != nil, "\(report.timingsMS)")
        // Rendered once: the interior on disk is older than the only verification, attempt 1's.
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        let verification = try #require(try queue.verification(ids[0]))
        #expect(verification.attempt == 1)
        let interior = workspace.jobs.appendingPathComponent("\(ids[0])/interior.pdf")
        let written = try #require(try FileManager.default.attributesOfItem(atPath: interior.path)[.modificationDate] as? Date)
        #expect(written.timeIntervalSince1970 <= verification.verifiedAt)
        try accepted(server, exactlyOnce: ids, mode: "503x3.epub")
        #expect(try requests(server, to: "/503x3.epub/\(ids[0])/interior.pdf") == 1)
        #expect(try requests(server, to: "/503x3.epub/\(ids[0])/book.epub") == 4)
        let epub = try #require(report.uploads.first { $0.file == "book.epub" })
        #expect(epub.status == "done" && epub.attempts.map(\.jobAttempt) == [1, 1, 1, 2] && epub.attempts.map(\.httpStatus) == [503, 503, 503, 201])
        #expect(try queue.requests(ids[0]).filter { $0.file == "book.epub" }.map(\.requestClass)
            == ["transient", "transient", "transient", "accepted"])
        let pdf = try #require(report.uploads.first { $0.file == "interior.pdf" })
        #expect(pdf.status == "skipped" && pdf.note?.hasPrefix("skipped: already delivered at") == true && pdf.attempts.map(\.jobAttempt) == [1])
        let html = try String(contentsOf: workspace.jobs.appendingPathComponent("\(ids[0])/report.html"), encoding: .utf8)
        #expect(html.contains("reused from attempt 1") && html.contains("#1: HTTP 503") && html.contains("already delivered"))
    }

    /// Killed right after its first file reached the printer: the file is never sent again.
    @Test func aJobKilledAfterItsFirstDeliveryNeverSendsThatFileAgain() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        try workspace.printer(server.url("ok/{order}/{file}"))
        let ids = try workspace.drop(1, prefix: "killed", extra: ["destination": "printer"], outputs: Self.outputs)
        let first = try workspace.run(workers: 1, faults: "\(ids[0]):kill-after-delivery")
        #expect(first.status == 1 && first.output.contains("failed \(ids[0])"), "\(first.output)")
        #expect(try server.accepted() == ["/ok/\(ids[0])/interior.pdf": 1])
        #expect(try workspace.folio(["retry", ids[0]]).status == 0)
        let second = try workspace.run(workers: 1)
        #expect(second.status == 0, "\(second.output)")
        try accepted(server, exactlyOnce: ids, mode: "ok")
        #expect(try requests(server, to: "/ok/\(ids[0])/interior.pdf") == 1)
        let report = try workspace.report(ids[0])
        #expect(report.attempts == 2 && report.uploads.map(\.status) == ["skipped", "done", "done"], "\(report.uploads)")
        #expect(report.stages.contains { $0.stage == "render" && $0.status == .reused })
    }

    /// A rescued job whose files the printer already has with other bytes sends nothing.
    @Test func aFileThatChangedAfterDeliveryStopsTheJob() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch(#", "max_attempts": 1"#)
        try workspace.printer(server.url("ok/{order}/{file}"))
        let ids = try workspace.drop(1, prefix: "changed", extra: ["destination": "printer"], outputs: Self.outputs)
        _ = try workspace.run(workers: 1, faults: "\(ids[0]):kill-after-delivery")
        // As if the printer had been sent another version of the interior of this very order.
        let changed = try Tool.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE deliveries SET sha256 = ? WHERE job = ?", ("0" * 64, sys.argv[2]))
            db.commit()
            """, workspace.root.appendingPathComponent("folio.db").path, ids[0]])
        #expect(changed.status == 0, "\(changed.errors)")
        #expect(try workspace.folio(["retry", ids[0], "--render"]).status == 0)
        let second = try workspace.run(workers: 1)
        #expect(second.status == 1)
        let report = try workspace.report(ids[0])
        #expect(report.error?.code == "delivered-file-changed", "\(String(describing: report.error))")
        #expect(try server.accepted() == ["/ok/\(ids[0])/interior.pdf": 1], "nothing more was sent")
    }

    /// A job process whose worker does not hold the job (the lease went to another) renders
    /// perhaps, but sends nothing and leaves no report.
    @Test func aProcessThatDoesNotHoldItsJobSendsNothing() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch()
        try workspace.printer(server.url("ok/{order}/{file}"))
        let ids = try workspace.drop(1, prefix: "fenced", extra: ["destination": "printer"], outputs: Self.outputs)
        _ = try workspace.folio(["intake"])
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        _ = try #require(try queue.claim(worker: "the-holder", lease: 600))
        let orphan = try workspace.folio(["_job", ids[0], "--worker", "an-orphan"])
        #expect(orphan.status == 137, "\(orphan.output)\n\(orphan.errors)")
        #expect(orphan.errors.contains("job \(ids[0]) stops, the queue no longer has it as an-orphan's"), "\(orphan.errors)")
        #expect(try server.requests().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: workspace.jobs.appendingPathComponent("\(ids[0])/report.json").path))
        #expect(try queue.verification(ids[0]) == nil)
    }

    /// The lease goes to another worker while a body is on its way (the runner alive but
    /// stalled): within a second or two the transfer is abandoned, so the rescued attempt is
    /// the only one that can deliver. The lease is long here, so only the checks made during
    /// the transfer can notice in time.
    @Test func aTransferStopsSoonAfterItsLeaseIsTaken() throws {
        let server = try FaultServer()
        let workspace = try Workspace(settings: #", "intake_settle_s": 0, "lease_s": 60"#)
        try workspace.printer(server.url("trickle/{order}/{file}"))
        // Photos make the interior some hundred kilobytes, which the trickling printer takes
        // seconds to read: the body is still on its way when the lease is taken.
        try workspace.writePhotoExport("big")
        let ids = ["taken-00"]
        let (order, _) = try workspace.writeOrder(Sample.order(id: ids[0], export: "big", extra: ["destination": "printer"]), name: "taken.json")
        #expect(try workspace.folio(["enqueue", order.path]).status == 0)
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        _ = try #require(try queue.claim(worker: "stalled", lease: 600))
        let job = Process()
        job.executableURL = URL(fileURLWithPath: Workspace.folio)
        job.arguments = ["_job", ids[0], "--worker", "stalled", "--config", workspace.configFile.path]
        let log = workspace.root.appendingPathComponent("job-process.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        job.standardOutput = try FileHandle(forWritingTo: log)
        job.standardError = job.standardOutput
        try job.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, try queue.job(ids[0])?.stage.hasPrefix("upload") != true { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 1)
        let taken = try Tool.run("python3", ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE jobs SET worker = 'rescuer', lease_until = 1e12 WHERE id = ?", (sys.argv[2],))
            db.commit()
            """, workspace.root.appendingPathComponent("folio.db").path, ids[0]])
        #expect(taken.status == 0, "\(taken.errors)")
        let taking = Date()
        while job.isRunning && Date().timeIntervalSince(taking) < 15 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!job.isRunning, "the job process went on sending after its lease was taken")
        if job.isRunning { job.terminate() }
        job.waitUntilExit()
        #expect(job.terminationStatus == 137)
        let seen = try server.requests().map { "\($0["path"] ?? "") \($0["bytes"] ?? "")" }
        let said = try String(contentsOf: log, encoding: .utf8)
        #expect(try server.accepted().isEmpty, "nothing was accepted from the process that lost its lease: \(seen); \(said)")
        #expect(try queue.deliveries(ids[0]).isEmpty)
    }

    /// 3 runners × 2 workers share the SQLite queue; one is killed with kill -9 while its jobs
    /// deliver. Five times: no file is accepted twice, every job ends done once.
    @Test func killingARunnerMidBatchNeverDeliversAFileTwice() throws {
        for round in 0..<5 {
            let server = try FaultServer()
            let workspace = try Workspace.batch()
            try workspace.printer(server.url("slow/{order}/{file}"))
            let ids = try workspace.drop(30, prefix: "r\(round)", extra: ["destination": "printer"], outputs: Self.outputs)
            _ = try workspace.folio(["intake"])
            let runners = try (0..<3).map { _ in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Workspace.folio)
                process.arguments = ["run", "--workers", "2", "--config", workspace.configFile.path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            // Kill the first runner the moment one of its jobs is delivering.
            let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
            let victim = runners[0].processIdentifier
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, try !queue.jobs().contains(where: { $0.stage.hasPrefix("upload") && $0.worker?.contains("-\(victim)-") == true }) {
                Thread.sleep(forTimeInterval: 0.02)
            }
            kill(victim, SIGKILL)
            for runner in runners { runner.waitUntilExit() }
            let rest = try workspace.run()
            #expect(rest.status == 0, "round \(round): \(rest.output)")
            #expect(try workspace.states().filter { ids.contains($0.key) }.values.allSatisfy { $0 == "done" }, "round \(round)")
            try accepted(server, exactlyOnce: ids, mode: "slow")
            #expect(try queue.eventCounts("done") == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }), "round \(round)")
        }
    }
}
