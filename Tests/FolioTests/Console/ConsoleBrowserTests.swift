import Foundation
import Testing
@testable import Jobs

/// The console in a real headless Chromium (Selenium, scripts/console_browser_check.py): an
/// operator signs in, reads the night, filters, follows a warning to its page, approves a held
/// book (which the next run delivers) and retries two failed ones at once; every page fits a
/// phone, logs no error and passes axe.
@Suite(.serialized) struct ConsoleBrowserTests {
    static let screenshot = repositoryRoot.appendingPathComponent(".build/console-job.png")

    func browse(_ phase: String, _ server: ConsoleServer, _ fixture: ConsoleFixture, counts: [String: Int] = [:]) throws -> [String: Any] {
        let run = try Tool.run("python3", [repositoryRoot.appendingPathComponent("scripts/console_browser_check.py").path, phase,
                                           "--base", server.base, "--token", fixture.operatorToken, "--held", ConsoleFixture.held,
                                           "--failed"] + ConsoleFixture.failed + [
                                           "--counts", String(decoding: try JSONSerialization.data(withJSONObject: counts), as: UTF8.self),
                                           "--screenshot", Self.screenshot.path])
        let result = (try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]) ?? [:]
        #expect(run.status == 0, "\(phase): \(result["failures"] ?? run.output) \(run.errors.suffix(2000))")
        return result
    }

    @Test func anOperatorReviewsTheNight() throws {
        let fixture = try ConsoleFixture()
        let server = try ConsoleServer(fixture.workspace)
        let review = try browse("review", server, fixture, counts: ["held": 1, "failed": 2, "running": 1, "done": 1, "queued": 0])
        #expect((review["finding_page"] as? Int ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: Self.screenshot.path))
        let queue = try fixture.workspace.config.openQueue()
        #expect(try queue.job(ConsoleFixture.held)?.approvedBy == "olga")
        for id in ConsoleFixture.failed {
            #expect(try queue.job(id)?.state == .queued)
            #expect(try queue.events(id).contains { $0.event == "retried" && $0.by == "olga" })
        }
        // The other host's job is handed back, and the night goes on: the approved book is delivered.
        try queue.release(id: ConsoleFixture.running, worker: "other-host-4242-0")
        _ = try fixture.workspace.run(workers: 2)
        #expect(try queue.job(ConsoleFixture.held)?.state == .done)
        let delivered = try queue.deliveries(ConsoleFixture.held)
        #expect(Set(delivered.map(\.file)) == ["interior.pdf", "cover.pdf"])
        let report = try fixture.workspace.report(ConsoleFixture.held)
        #expect(report.review?.state == .approved && report.review?.by == "olga")
        #expect(report.stages.first?.status == .reused, "the approved files are delivered as verified, not rendered again")
        _ = try browse("delivered", server, fixture)
    }
}
