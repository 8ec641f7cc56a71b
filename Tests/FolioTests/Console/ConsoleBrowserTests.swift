import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The console in a real headless Chromium (Selenium, scripts/console_browser_check.py): an
/// operator signs in, reads the night, filters, follows a warning to its page, reads why a failed
/// order failed (its problems, its log), sees a 2,000-letter title wrap at 375 and 1280 px,
/// approves a held book in bulk through its confirmation (the next run delivers it), retries two
/// failed ones at once, and follows a deep link through sign-in; every page fits a phone, logs
/// no error and passes axe.
@Suite(.serialized) struct ConsoleBrowserTests {
    static let screenshot = repositoryRoot.appendingPathComponent(".build/console-job.png")
    /// The Job page of a job whose delivery is unknown, to be looked at.
    static let unknownScreenshot = repositoryRoot.appendingPathComponent(".build/console-unknown-job.png")

    func browse(_ phase: String, _ server: ConsoleServer, _ fixture: ConsoleFixture, counts: [String: Int] = [:]) throws -> [String: Any] {
        let run = try Tool.run("python3", [repositoryRoot.appendingPathComponent("scripts/console_browser_check.py").path, phase,
                                           "--base", server.base, "--token", fixture.operatorToken, "--held", ConsoleFixture.held,
                                           "--failed"] + ConsoleFixture.failed + [
                                           "--counts", String(decoding: try JSONSerialization.data(withJSONObject: counts), as: UTF8.self),
                                           "--long-title", Self.longTitle, "--crashed", ConsoleFixture.crashed,
                                           "--screenshot", Self.screenshot.path])
        let result = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]) ?? [:]
        #expect(run.status == 0, "\(phase): \(result["failures"] ?? run.output) \(run.errors.suffix(2000))")
        return result
    }

    /// One unbroken word of 2,000 letters: it must wrap, not widen the Jobs table.
    static let longTitle = String(repeating: "Longtitle", count: 222) + "xx"

    @Test func anOperatorReviewsTheNight() throws {
        let fixture = try ConsoleFixture(crash: true)
        // A cancelled order with that title (cancelled, so the run below leaves it be).
        let queue = try fixture.workspace.config.openQueue()
        var order = Sample.order(id: "night-long-00", export: "small", outputs: ["interior", "cover"], extra: ["product": "a5-softcover"])
        order["book"] = ["title": Self.longTitle, "subtitle": NSNull(), "author": "W", "language": "en", "scope": ["all": true],
                         "cover": ["preset": "night"]] as [String: Any]
        let inbox = fixture.workspace.root.appendingPathComponent("inbox")
        try JSONSerialization.data(withJSONObject: order, options: [.sortedKeys]).write(to: inbox.appendingPathComponent("night-long-00.json"))
        let intake = try Intake(config: try fixture.workspace.config, queue: queue).run()
        #expect(intake.rejected.isEmpty, "\(intake.rejected)")
        #expect(try queue.cancel("night-long-00", by: "test"))
        #expect(try queue.job(ConsoleFixture.crashed)?.state == .failed)
        let server = try ConsoleServer(fixture.workspace)
        let review = try browse("review", server, fixture, counts: ["held": 1, "failed": 3, "running": 1, "done": 1, "queued": 0, "cancelled": 1])
        #expect((review["problems"] as? [String] ?? []).count >= 1)
        #expect((review["log_lines"] as? Int ?? 0) > 0)
        #expect((review["finding_page"] as? Int ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: Self.screenshot.path))
        #expect(try queue.job(ConsoleFixture.held)?.approvedBy == "olga")
        #expect(try queue.events(ConsoleFixture.held).filter { $0.event == "approved" }.count == 1, "approved once, double-clicked")
        for id in ConsoleFixture.failed {
            #expect(try queue.job(id)?.state == .queued)
            #expect(try queue.events(id).contains { $0.event == "retried" && $0.by == "olga" })
        }
        // The other host's job is handed back, and the night goes on: the approved book is delivered.
        try queue.release(id: ConsoleFixture.running, worker: "other-host-4242-0")
        _ = try fixture.workspace.run(workers: 2)
        #expect(try queue.job(ConsoleFixture.held)?.state == .done)
        let deliveries = try queue.deliveries(ConsoleFixture.held)
        #expect(Set(deliveries.map(\.file)) == ["interior.pdf", "cover.pdf"])
        let report = try fixture.workspace.report(ConsoleFixture.held)
        #expect(report.review?.state == .approved && report.review?.by == "olga")
        #expect(report.stages.first?.status == .reused, "the approved files are delivered as verified, not rendered again")
        let delivered = try browse("delivered", server, fixture)
        #expect((delivered["report_previews"] as? [Int] ?? []).count >= 1, "the served report.html shows its previews")
    }

    /// A job whose delivery is unknown, a delivered one and a running one, decided on in the
    /// browser (scripts/console_decision_check.py): "It arrived" records the file without
    /// sending it, "Send again" sends the delivered one once more, on purpose, and the running
    /// one is cancelled.
    @Test func anOperatorDecidesOnAnUnknownDelivery() throws {
        let server = try FaultServer()
        let fixture = try ConsoleFixture(withNight: false)
        let workspace = fixture.workspace
        try Data("""
            {"url": "\(server.url("silent/{order}/{file}"))", "method": "POST", "timeouts": {"response_s": 2},
             "retry": {"max_attempts": 2, "base_delay_ms": 10, "max_delay_ms": 100, "budget_s": 60}}
            """.utf8).write(to: workspace.root.appendingPathComponent("config/destinations/silent.json"))
        let unknown = try #require(try workspace.drop(1, prefix: "unknown", extra: ["destination": "silent"], outputs: ["interior"]).first)
        let done = try #require(try workspace.drop(1, prefix: "copied", outputs: ["interior"]).first)
        _ = try workspace.run(workers: 1)
        let queue = try workspace.config.openQueue()
        #expect(try queue.job(unknown)?.state == .deliveryUnknown && queue.job(done)?.state == .done)
        // A job running on another host, as a running job looks in the queue.
        let running = try #require(try workspace.drop(1, prefix: "busy", outputs: ["interior"]).first)
        _ = try Intake(config: try workspace.config, queue: queue).run()
        #expect(try queue.claim(worker: "other-host-4242-0", lease: 3600)?.id == running)
        let console = try ConsoleServer(workspace)
        let run = try Tool.run("python3", [repositoryRoot.appendingPathComponent("scripts/console_decision_check.py").path,
                                           "--base", console.base, "--token", fixture.operatorToken, "--unknown", unknown, "--done", done,
                                           "--running", running, "--screenshot", Self.unknownScreenshot.path])
        let result = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]) ?? [:]
        // Without the decisions the running job stays claimed for an hour: stop here, not there.
        try #require(run.status == 0, "\(result["failures"] ?? run.output) \(run.errors.suffix(2000))")
        #expect(try queue.events(unknown).contains { $0.event == "arrived" && $0.by == "olga" })
        #expect(try queue.events(done).contains { $0.event == "send-again" && $0.by == "olga" && $0.detail == "the shop lost the file" })
        #expect(try queue.job(running)?.state == .cancelled && queue.events(running).contains { $0.event == "cancelled" && $0.by == "olga" })
        _ = try workspace.run(workers: 1)
        #expect(try queue.job(unknown)?.state == .done && queue.job(done)?.state == .done)
        #expect(try server.requests().filter { $0["path"] as? String == "/silent/\(unknown)/interior.pdf" }.count == 1, "nothing resent")
        #expect(try queue.deliveries(done).count == 2, "the deliberate copy is a second delivery")
    }
}
