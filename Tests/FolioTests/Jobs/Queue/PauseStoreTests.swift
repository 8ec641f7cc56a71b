import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Pauses on both drivers: a paused printer's queued jobs are not claimed and are no pending
/// work (a night without --watch ends), the others go on; resumed, they are claimed. A paused
/// intake leaves the hot folder alone and says who paused it.
@Suite struct PauseStoreTests {
    static func order(_ destination: String) -> Data { Data(#"{"destination": "\#(destination)"}"#.utf8) }

    @Test(arguments: Driver.allCases)
    func aPausedDestinationsJobsWaitTheOthersGoOn(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        _ = try q.enqueue(id: "a", order: Self.order("shop"), signature: nil, replace: false)
        fixture.clock.advance(1)
        _ = try q.enqueue(id: "b", order: Self.order("other"), signature: nil, replace: false)
        #expect(try q.pause(.destination("shop"), by: "olga", reason: "the printer's RIP is down"))
        #expect(try !q.pause(.destination("shop"), by: "olga", reason: "again"))
        #expect(try q.pauses() == [Pause(target: .destination("shop"), reason: "the printer's RIP is down", pausedBy: "olga", at: fixture.clock.now)])
        let claimed = try #require(try q.claim(worker: "w", lease: 30))
        #expect(claimed.id == "b")
        #expect(try q.claim(worker: "w", lease: 30) == nil)
        #expect(try q.finish(id: "b", worker: "w", succeeded: true, error: nil, final: true) == .done)
        #expect(try !q.hasPendingWork(), "a paused printer's job kept a night without --watch running")
        #expect(try q.resume(.destination("shop")) && !q.resume(.destination("shop")))
        #expect(try q.hasPendingWork() && q.claim(worker: "w", lease: 30)?.id == "a")
        #expect(try q.pause(.intake, by: "olga", reason: "disk swap") && q.pauses().map(\.target) == [.intake])
        // A running job of a paused printer whose runner died (its lease ran out) is not taken
        // back until the printer is resumed, and is no pending work meanwhile: a night without
        // --watch still ends.
        #expect(try q.pause(.destination("shop"), by: "olga", reason: "again"))
        fixture.clock.advance(60)
        #expect(try q.claim(worker: "w2", lease: 30) == nil)
        #expect(try !q.hasPendingWork())
        #expect(try q.resume(.destination("shop")) && q.claim(worker: "w2", lease: 30)?.id == "a")
    }

    @Test func aPausedIntakeLeavesTheHotFolderAlone() throws {
        let workspace = try Workspace.batch()
        try workspace.drop(1, prefix: "waiting")
        #expect(try workspace.folio(["pause", "intake", "--reason", "moving the disk"]).status == 0)
        #expect(try workspace.folio(["pause", "destination", "nowhere"]).status == 2)
        let status = try workspace.folio(["status"]).output
        #expect(status.contains("PAUSED intake by ") && status.contains("moving the disk"), "\(status)")
        let run = try workspace.run()
        #expect(run.output.contains("intake paused by") && run.output.contains("moving the disk"), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: workspace.root.appendingPathComponent("inbox/waiting-00.json").path))
        #expect(try workspace.folio(["resume", "intake"]).output.contains("intake: resumed"))
        #expect(try workspace.run().status == 0)
        #expect(try workspace.states()["waiting-00"] == "done")
    }
}
