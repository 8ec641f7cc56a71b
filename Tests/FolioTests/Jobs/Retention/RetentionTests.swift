import Foundation
import Diagnostics
import FolioTestSupport
import Testing
@testable import Jobs

/// Retention (issue 36): what goes after its days, on both drivers, and what never does: held,
/// queued, running and delivery-unknown jobs, a failed job nobody decided on, and the proof of
/// what the printer received.
@Suite struct RetentionTests {
    static let day = 86_400.0

    /// Jobs in every state, ended ten days ago on the fixture's clock.
    static func jobsOfEveryKind(_ fixture: QueueFixture) throws -> QueueDriver {
        let q = try fixture.queue(attempts: 2)
        for id in ["done", "failed", "rejected", "cancelled", "held", "unknown", "queued", "young"] {
            _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false)
            fixture.clock.advance(1)  // claimed in this order
        }
        func claim(_ id: String) throws -> String {
            let job = try #require(try q.claim(worker: "w", lease: 30))
            #expect(job.id == id)
            return job.id
        }
        #expect(try q.finish(id: claim("done"), worker: "w", succeeded: true, error: nil, final: true) == .done)
        try q.recordDelivery(LedgerEntry(job: "done", attempt: 1, kind: "interior", file: "interior.pdf", sha256: "ab", bytes: 9,
                                         destination: "shop", url: "https://printer/done/interior.pdf", httpStatus: 201, responseID: "r1",
                                         orderSHA256: SHA256Hex.of("done"), worker: "w", deliveredAt: fixture.clock.now))
        #expect(try q.finish(id: claim("failed"), worker: "w", succeeded: false, error: "render-failed: boom", final: true) == .failed)
        #expect(try q.hold(id: claim("rejected"), worker: "w", reason: "held for review"))
        #expect(try q.reject("rejected", by: "olga", reason: "blurred"))
        _ = try claim("cancelled")
        #expect(try q.cancel("cancelled"))
        #expect(try q.hold(id: claim("held"), worker: "w", reason: "held for review"))
        #expect(try q.awaitDecision(id: claim("unknown"), worker: "w", reason: "delivery-unknown: interior.pdf"))
        fixture.clock.advance(10 * day)
        #expect(try q.finish(id: claim("queued"), worker: "w", succeeded: false, error: "x: y", final: false) == .queued)
        _ = try claim("young")
        #expect(try q.cancel("young"))
        return q
    }

    @Test(arguments: Driver.allCases)
    func onlyDecidedFinishedJobsPastTheirDaysGo(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try Self.jobsOfEveryKind(fixture)
        let now = fixture.clock.now
        let week = PruneCutoffs(done: now - 7 * Self.day, cancelled: now - 7 * Self.day, failed: now - 7 * Self.day)
        let listed = try q.prunable(week)
        #expect(Set(listed.map(\.id)) == ["done", "rejected", "cancelled"], "\(listed)")
        // Days are per kind: done jobs kept 30 days stay.
        let longer = try q.prunable(PruneCutoffs(done: now - 30 * Self.day, cancelled: now - 7 * Self.day, failed: now - 7 * Self.day))
        #expect(Set(longer.map(\.id)) == ["rejected", "cancelled"])
        #expect(try q.undecidedFailures(before: now - 7 * Self.day) == 1)
        // Retried since it was listed: a job no longer finished stays.
        #expect(try q.retry("cancelled"))
        #expect(try q.prune(listed.map(\.id), cutoffs: week).sorted() == ["done", "rejected"])
        #expect(try q.job("done") == nil && q.events("done").isEmpty && q.deliveries("done").isEmpty)
        #expect(try q.job("cancelled")?.state == .queued)
        for kept in ["failed", "held", "unknown", "queued", "young", "cancelled"] { #expect(try q.job(kept) != nil, "\(kept)") }
        // What the printer received outlives the job.
        let proofs = try q.proofs("done")
        #expect(proofs.map(\.file) == ["interior.pdf"] && proofs.first?.responseID == "r1" && proofs.first?.httpStatus == 201)
        #expect(proofs.first?.orderSHA256 == SHA256Hex.of("done") && proofs.first?.prunedAt == now)
        // A failed job nobody decided on goes once someone closes it.
        #expect(try q.cancel("failed"))
        fixture.clock.advance(8 * Self.day)
        #expect(try q.prune(olderThan: 7 * Self.day, now: fixture.clock.now) == 2)  // failed, young
    }

    /// Listed, then sent again and failed undecided before its turn in the sweep: the removal
    /// itself checks what the listing did, and the job stays.
    @Test(arguments: Driver.allCases)
    func aJobThatChangedSinceItWasListedStays(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queueWithClaimedJob(worker: "w")
        #expect(try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: true) == .done)
        fixture.clock.advance(10 * Self.day)
        let now = fixture.clock.now
        let week = PruneCutoffs(done: now - 7 * Self.day, cancelled: now - 7 * Self.day, failed: now - 7 * Self.day)
        #expect(try q.prunable(week).map(\.id) == ["a"])
        #expect(try q.sendAgain("a", by: "olga", reason: "the printer lost it"))
        _ = try #require(try q.claim(worker: "w", lease: 30))
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "upload-failed: 503", final: true) == .failed)
        #expect(try q.prune(["a"], cutoffs: week).isEmpty)
        #expect(try q.job("a")?.state == .failed)
        // Cancelled a moment ago: not past its days either.
        #expect(try q.cancel("a"))
        #expect(try q.prune(["a"], cutoffs: week).isEmpty && q.job("a")?.state == .cancelled)
    }

    @Test(arguments: Driver.allCases)
    func aCleanStopAndSilenceTakeARunnersSeriesAway(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        try q.runnerBeat("host-1", forgettingSilentAfter: 100)
        try q.runnerBeat("host-2", forgettingSilentAfter: 100)
        try q.runnerStopped("host-1")
        #expect(try q.metrics().runners.map(\.name) == ["host-2"])
        // host-2 was killed: once silent for longer than the others allow, it is forgotten.
        fixture.clock.advance(101)
        try q.runnerBeat("host-3", forgettingSilentAfter: 100)
        #expect(try q.metrics().runners.map(\.name) == ["host-3"])
    }
}

/// The hex SHA-256 of a string, as the queue keeps an order's digest.
enum SHA256Hex {
    static func of(_ text: String) -> String { SHA256.hex(of: Data(text.utf8)) }
}
