import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The night batch through the real `folio` binary: hot folder, queue, job processes.
@Suite(.serialized) struct RunnerTests {
    let folio = Workspace.folio

    func workspace(_ settings: String = "") throws -> Workspace { try Workspace.batch(settings) }

    @Test func oneCorruptOrderAmongTwentyGoodOnes() throws {
        let workspace = try workspace()
        let good = try workspace.drop(20)
        // Passes intake, fails in its job: its export's journal is broken.
        try workspace.writeExport("broken", journal: ["format": "folio-journal/1", "journals": "nope"])
        try JSONSerialization.data(withJSONObject: Sample.order(id: "corrupt", export: "broken"))
            .write(to: workspace.root.appendingPathComponent("inbox/corrupt.json"))
        // Not even JSON: rejected at intake.
        try Data("{ not json".utf8).write(to: workspace.root.appendingPathComponent("inbox/garbage.json"))

        let result = try workspace.run()
        #expect(result.status == 1, "\(result.output)\n\(result.errors)")
        // In a pipe: one line per event, stages with what they did.
        #expect(result.output.contains("started ord-00 (attempt 1)"))
        #expect(result.output.range(of: #"ord-\d\d: render: \d+ pages"#, options: .regularExpression) != nil, "\(result.output)")
        #expect(result.output.contains("failed corrupt"))
        let states = try workspace.states()
        #expect(good.allSatisfy { states[$0] == "done" }, "\(states)")
        #expect(states["corrupt"] == "failed")
        #expect(states.count == 21)
        let rejected = workspace.root.appendingPathComponent("inbox/rejected")
        #expect(FileManager.default.fileExists(atPath: rejected.appendingPathComponent("garbage.json").path))
        let note = try String(contentsOf: rejected.appendingPathComponent("garbage.error.txt"), encoding: .utf8)
        #expect(note.contains("not valid JSON"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("inbox/accepted").path).count == 21)
        // Reports for every job and the batch, failures first.
        let corruptReport = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: workspace.jobs.appendingPathComponent("corrupt/report.json")))
        #expect(corruptReport.status == .rejected)
        #expect(FileManager.default.fileExists(atPath: workspace.jobs.appendingPathComponent("ord-00/report.html").path))
        let reports = try FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent("reports").path)
        let batch = try #require(reports.first { $0.hasPrefix("BATCH-") && $0.hasSuffix(".json") })
        let summary = try JSONDecoder().decode(BatchReport.Summary.self, from: Data(contentsOf: workspace.root.appendingPathComponent("reports/\(batch)")))
        #expect(summary.counts == ["done": 20, "failed": 1])
        #expect(summary.jobs.first?.order == "corrupt")
        // Delivered to the local destination.
        let outbox = workspace.root.appendingPathComponent("var/outbox")
        #expect(FileManager.default.fileExists(atPath: outbox.appendingPathComponent("ord-00/interior.pdf").path)
                || FileManager.default.fileExists(atPath: workspace.root.deletingLastPathComponent().appendingPathComponent("var/outbox/ord-00/interior.pdf").path))
    }

    @Test func aJobThatCrashesOrRunsOutOfMemoryFailsAlone() throws {
        let workspace = try workspace(#", "max_attempts": 2, "job_memory_mb": 2048"#)
        let ids = try workspace.drop(4)
        let result = try workspace.run(faults: "\(ids[0]):segv,\(ids[1]):oom")
        #expect(result.status == 1)
        let states = try workspace.states()
        #expect(states[ids[0]] == "failed" && states[ids[1]] == "failed", "\(states)")
        #expect(states[ids[2]] == "done" && states[ids[3]] == "done", "\(states)")
        let report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: workspace.jobs.appendingPathComponent("\(ids[0])/report.json")))
        #expect(report.error?.code == "crashed")
        #expect(report.attempts == 2)
    }

    /// A job run again under the same id starts at attempt 1; if its process ends without a
    /// report, the report its earlier run left (attempt 1, done) must not be taken for this one's.
    @Test func anEarlierRunsReportNeverDecidesANewAttempt() throws {
        let workspace = try workspace(#", "max_attempts": 1"#)
        let id = try #require(try workspace.drop(1).first)
        #expect(try workspace.run().status == 0)
        #expect(try workspace.states()[id] == "done")
        #expect(try workspace.config.openQueue().forget(id))
        _ = try workspace.drop(1)
        let result = try workspace.run(faults: "\(id):exit")
        #expect(result.status == 1, "\(result.output)")
        #expect(try workspace.states()[id] == "failed")
        let report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: workspace.jobs.appendingPathComponent("\(id)/report.json")))
        #expect(report.error?.code == "crashed")
        // Nor are the earlier run's books left beside the failed report.
        #expect(!FileManager.default.fileExists(atPath: workspace.jobs.appendingPathComponent("\(id)/interior.pdf").path))
    }

    @Test func killNineAtRandomMomentsStillEndsEveryJobDoneExactlyOnce() throws {
        let workspace = try workspace()
        let ids = try workspace.drop(30)
        var random = SystemRandomNumberGenerator()
        var environment = ProcessInfo.processInfo.environment
        environment["FOLIO_CONFIG"] = workspace.configFile.path
        for _ in 0..<6 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: folio)
            process.arguments = ["run", "--workers", "2"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...2.0, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let final = try workspace.run()
        #expect(final.status == 0, "\(final.output)\n\(final.errors)")
        let states = try workspace.states()
        #expect(ids.allSatisfy { states[$0] == "done" }, "\(states)")
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        #expect(try queue.eventCounts("done") == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }))
        for id in ids {
            let names = try FileManager.default.contentsOfDirectory(atPath: workspace.jobs.appendingPathComponent(id).path)
            #expect(!names.contains { $0.hasPrefix(".") }, "\(id) has a partial file: \(names)")
            #expect(names.contains("interior.pdf") && names.contains("report.json"))
        }
    }

    @Test func sigtermStopsCleanlyAndReleasesRunningJobs() throws {
        let workspace = try workspace()
        let ids = try workspace.drop(8, prefix: "term")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: folio)
        process.arguments = ["run", "--workers", "2", "--config", workspace.configFile.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 1.5)
        let stopped = Date()
        process.terminate()
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(stopped) < 15, "the runner stops promptly")
        let after = try workspace.states()
        #expect(!after.values.contains("running"), "running jobs are released, not left holding a lease: \(after)")
        #expect(!after.values.contains("failed"))
        let rest = try workspace.run()
        #expect(rest.status == 0)
        #expect(try workspace.states().filter { ids.contains($0.key) }.values.allSatisfy { $0 == "done" })
    }

    @Test func signaturesAreCheckedAtIntakeAndAgainInTheJob() throws {
        let workspace = try workspace()
        let key = "night-batch-secret"
        let ids = try workspace.drop(3, prefix: "signed")
        let inbox = workspace.root.appendingPathComponent("inbox")
        let good = try Data(contentsOf: inbox.appendingPathComponent("\(ids[0]).json"))
        try Data(HMACSHA256.hex(key: Data(key.utf8), message: good).utf8).write(to: inbox.appendingPathComponent("\(ids[0]).json.sig"))
        try Data(String(repeating: "0", count: 64).utf8).write(to: inbox.appendingPathComponent("\(ids[1]).json.sig"))
        // Written straight into the queue, past intake, with a wrong signature.
        let queue = try SQLiteQueue(path: workspace.root.appendingPathComponent("folio.db"))
        let sneaky = try JSONSerialization.data(withJSONObject: Sample.order(id: "sneaky", export: "small"))
        _ = try queue.enqueue(id: "sneaky", order: sneaky, signature: "deadbeef", replace: false)

        let result = try workspace.run(environment: ["FOLIO_ORDER_KEY": key])
        #expect(result.status == 1)
        let states = try workspace.states()
        #expect(states[ids[0]] == "done")
        #expect(states[ids[1]] == nil && states[ids[2]] == nil, "unsigned and badly signed orders never reach the queue")
        let rejected = inbox.appendingPathComponent("rejected")
        #expect(try String(contentsOf: rejected.appendingPathComponent("\(ids[1]).error.txt"), encoding: .utf8).contains("signature does not match"))
        #expect(try String(contentsOf: rejected.appendingPathComponent("\(ids[2]).error.txt"), encoding: .utf8).contains("needs its HMAC-SHA256 signature"))
        #expect(states["sneaky"] == "failed")
        let report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: workspace.jobs.appendingPathComponent("sneaky/report.json")))
        #expect(report.error?.code == "signature-invalid")
    }

    @Test func theReportsOpenInARealBrowserWithoutErrors() throws {
        let workspace = try workspace()
        _ = try workspace.drop(1, prefix: "web")
        try JSONSerialization.data(withJSONObject: Sample.order(id: "web-bad", export: "missing"))
            .write(to: workspace.root.appendingPathComponent("inbox/web-bad.json"))
        _ = try workspace.run()
        let reports = workspace.root.appendingPathComponent("reports")
        let batch = try #require(try FileManager.default.contentsOfDirectory(atPath: reports.path).first { $0.hasSuffix(".html") })
        let pages = [reports.appendingPathComponent(batch), workspace.jobs.appendingPathComponent("web-00/report.html"),
                     workspace.jobs.appendingPathComponent("web-bad/report.html")]
        for (index, page) in pages.enumerated() {
            let shot = workspace.root.appendingPathComponent("shot-\(index).png")
            let browser = try Tool.run("chromium", ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                                    "--window-size=412,915", "--enable-logging=stderr", "--v=0",
                                                    "--screenshot=\(shot.path)", page.absoluteString])
            #expect(browser.status == 0, "\(browser.errors)")
            let console = browser.errors.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
            #expect(console.isEmpty, "\(page.lastPathComponent): \(console)")
            let picture = try ImageGrid.load(shot, size: 4)
            #expect(picture.width == 412, "a phone-wide screenshot of \(page.lastPathComponent)")
        }
        // The spread preview is the PDF's own drawing: its recto matches the PDF page's pixels.
        let job = workspace.jobs.appendingPathComponent("web-00")
        let spread = try PNGDecoder.decode(try Data(contentsOf: job.appendingPathComponent("preview-spread-1.png")))
        #expect(spread.height == 420)
        let half = spread.width / 2
        var recto = RasterImage(pixels: [], width: half, height: spread.height, layout: .rgb, iccProfile: nil, scaleEighths: 8)
        for row in 0..<spread.height {
            let start = (row * spread.width + half) * 3
            recto.pixels += spread.pixels[start..<(start + half * 3)]
        }
        let dpi = 420 / (210 * 72 / 25.4) * 72
        let prefix = workspace.root.appendingPathComponent("page")
        let bleed = Int((3 * 72 / 25.4 * dpi / 72).rounded())
        _ = try Tool.run("pdftoppm", ["-png", "-r", String(format: "%.3f", dpi), "-f", "5", "-l", "5", "-x", String(bleed), "-y", String(bleed),
                                     "-W", String(half), "-H", "420", "-singlefile", job.appendingPathComponent("interior.pdf").path, prefix.path])
        let pdfPage = try ImageGrid.load(prefix.appendingPathExtension("png"), size: 16)
        #expect(ImageGrid(recto, size: 16).difference(pdfPage) < 4, "preview and PDF differ by \(ImageGrid(recto, size: 16).difference(pdfPage))")

        let html = try String(contentsOf: pages[0], encoding: .utf8)
        #expect(html.contains("web-bad") && html.contains("web-00"))
        let failure = try #require(html.range(of: "web-bad")), success = try #require(html.range(of: "web-00"))
        #expect(failure.lowerBound < success.lowerBound, "failures come first")
    }

    @Test func operatorCommands() throws {
        let workspace = try workspace()
        let order = try workspace.writeOrder(Sample.order(id: "op-1", export: "small"), name: "op-1.json")
        try workspace.writeExport("small", journal: Sample.journal([Sample.entry("e1", "2025-03-03T10:00:00Z")]))
        let config = ["--config", workspace.configFile.path]
        #expect(try Tool.run(folio, ["enqueue", order.file.path] + config).status == 0)
        let again = try Tool.run(folio, ["enqueue", order.file.path] + config)
        #expect(again.status == 0 && again.output.contains("already queued"))
        let changed = try workspace.writeOrder(Sample.order(id: "op-1", export: "other"), name: "op-1b.json")
        #expect(try Tool.run(folio, ["enqueue", changed.file.path] + config).status == 2)
        #expect(try Tool.run(folio, ["enqueue", changed.file.path, "--replace"] + config).status == 0)
        let invalid = try workspace.writeOrder(Sample.order(id: "op-2", scope: ["decade": 1]), name: "op-2.json")
        #expect(try Tool.run(folio, ["enqueue", invalid.file.path] + config).status == 2)
        #expect(try Tool.run(folio, ["cancel", "op-1"] + config).status == 0)
        #expect(try Tool.run(folio, ["cancel", "op-1"] + config).status == 2)
        #expect(try Tool.run(folio, ["retry", "op-1"] + config).status == 0)
        #expect(try Tool.run(folio, ["retry", "nobody"] + config).status == 2)
        let table = try Tool.run(folio, ["status"] + config)
        #expect(table.output.contains("op-1") && table.output.contains("queued"))
    }
}
