import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The job store's conformance suite, on SQLite and on PostgreSQL: enqueue, claims and leases,
/// retries, cancel, forget, prune, the schema version, and review's held jobs.
@Suite struct JobStoreTests {
    @Test(arguments: Driver.allCases)
    func enqueueingTheSameOrderTwiceQueuesItOnce(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        #expect(try q.enqueue(id: "a", order: Data("one".utf8), signature: nil, replace: false) == .queued)
        #expect(try q.enqueue(id: "a", order: Data("one".utf8), signature: nil, replace: false) == .duplicate)
        #expect(try q.enqueue(id: "a", order: Data("two".utf8), signature: nil, replace: false) == .conflict)
        #expect(try q.enqueue(id: "a", order: Data("two".utf8), signature: nil, replace: true) == .replaced)
        #expect(try q.jobs().count == 1)
        #expect(try q.job("a")?.order == Data("two".utf8))
    }

    @Test(arguments: Driver.allCases)
    func concurrentWorkersNeverClaimTheSameJob(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let setup = try fixture.queue()
        for index in 0..<60 { _ = try setup.enqueue(id: String(format: "j%02d", index), order: Data("\(index)".utf8), signature: nil, replace: false) }
        let lock = NSLock()
        nonisolated(unsafe) var claimed: [String] = []
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            // Each worker has its own connection, as separate runner processes do.
            guard let own = try? fixture.queue() else { return }
            while let job = try? own.claim(worker: "w\(worker)", lease: 600) {
                lock.lock()
                claimed.append(job.id)
                lock.unlock()
            }
        }
        #expect(claimed.count == 60)
        #expect(Set(claimed).count == 60)
    }

    @Test(arguments: Driver.allCases)
    func anExpiredLeaseIsClaimedAgainAndTheStaleWorkerChangesNothing(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queue()
        _ = try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        let first = try #require(try q.claim(worker: "dead", lease: 30))
        #expect(first.attempts == 1)
        #expect(try q.claim(worker: "other", lease: 30) == nil)
        clock.advance(31)
        let second = try #require(try q.claim(worker: "other", lease: 30))
        #expect(second.id == "a" && second.attempts == 2)
        #expect(try q.heartbeat(id: "a", worker: "dead", lease: 30) == false)
        #expect(try q.finish(id: "a", worker: "dead", succeeded: true, error: nil, final: false) == nil)
        #expect(try q.finish(id: "a", worker: "other", succeeded: true, error: nil, final: false) == .done)
        #expect(try q.eventCounts("done") == ["a": 1])
    }

    @Test(arguments: Driver.allCases)
    func heartbeatsKeepALease(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queueWithClaimedJob(worker: "w")
        for _ in 0..<5 {
            clock.advance(20)
            #expect(try q.heartbeat(id: "a", worker: "w", lease: 30))
            try q.setStage(id: "a", stage: "render")
        }
        #expect(try q.claim(worker: "thief", lease: 30) == nil)
        #expect(try q.job("a")?.stage == "render")
    }

    @Test(arguments: Driver.allCases)
    func failuresRetryWithBackoffThenFail(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queue(random: 0.5, attempts: 3)
        _ = try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        _ = try q.claim(worker: "w", lease: 30)
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "boom", final: false) == .queued)
        // Full jitter: base 10 s × 2⁰ × 0.5 = 5 s.
        clock.advance(4.9)
        #expect(try q.claim(worker: "w", lease: 30) == nil)
        clock.advance(0.2)
        #expect(try q.claim(worker: "w", lease: 30)?.attempts == 2)
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "boom", final: false) == .queued)
        clock.advance(10.1)  // 10 × 2¹ × 0.5
        #expect(try q.claim(worker: "w", lease: 30)?.attempts == 3)
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "still broken", final: false) == .failed)
        #expect(try q.job("a")?.lastError == "still broken")
        #expect(try q.retry("a"))
        #expect(try q.job("a")?.state == .queued)
    }

    @Test(arguments: Driver.allCases)
    func rejectedInputIsNotRetried(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queueWithClaimedJob(worker: "w")
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "invalid", final: true) == .failed)
    }

    @Test(arguments: Driver.allCases)
    func onlyFinishedJobsCanBeForgotten(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        _ = try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        #expect(try q.forget("a") == false, "a queued job was forgotten")
        _ = try q.claim(worker: "w", lease: 30)
        #expect(try q.forget("a") == false, "a running job was forgotten")
        _ = try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: false)
        #expect(try q.forget("a"))
        #expect(try q.job("a") == nil)
        // The same order is then a new job, not a duplicate of the finished one.
        #expect(try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false) == .queued)
    }

    @Test(arguments: Driver.allCases)
    func cancelPruneAndTheSchemaVersion(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queue()
        _ = try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        _ = try q.enqueue(id: "b", order: Data("y".utf8), signature: nil, replace: false)
        #expect(try q.cancel("a"))
        #expect(try q.cancel("a") == false)
        clock.advance(100)
        #expect(try q.prune(olderThan: 50, now: fixture.clock.now) == 1)
        #expect(try q.jobs().map(\.id) == ["b"])
        // Opening again migrates nothing twice; a newer schema than this Folio knows is refused.
        _ = try fixture.queue()
        #expect(try fixture.schemaVersion() == fixture.migrations)
        try fixture.setSchemaVersion(99)
        #expect(throws: (any Error).self) { _ = try fixture.queue() }
    }

    @Test(arguments: Driver.allCases)
    func aHeldJobWaitsForApprovalOrRejection(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 1)
        for id in ["a", "b"] { _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false) }
        for id in ["a", "b"] {
            let job = try #require(try q.claim(worker: "w1", lease: 30))
            #expect(try !q.hold(id: job.id, worker: "w2", reason: "not mine"))
            #expect(try q.hold(id: job.id, worker: "w1", reason: "held for review: 1 warning"))
        }
        #expect(try q.job("a")?.state == .held && q.job("a")?.lastError == "held for review: 1 warning")
        // Held is not pending work, is never claimed, and is not pruned.
        #expect(try !q.hasPendingWork())
        #expect(try q.claim(worker: "w1", lease: 30) == nil)
        fixture.clock.advance(365 * 86_400)
        #expect(try q.prune(olderThan: 1, now: fixture.clock.now) == 0)
        #expect(try !q.retry("a"))
        // Approved: queued again with a fresh retry budget, and the next claim knows who approved it.
        #expect(try q.approve("a", by: "olga"))
        #expect(try !q.approve("a", by: "olga"))
        let again = try #require(try q.claim(worker: "w1", lease: 30))
        #expect(again.id == "a" && again.approvedBy == "olga" && again.attempts == 2)
        #expect(try q.finish(id: "a", worker: "w1", succeeded: false, error: "upload-failed", final: false) == .failed)
        // Rejected: failed, with who and why.
        #expect(try !q.reject("a", by: "olga", reason: "not held"))
        #expect(try q.reject("b", by: "olga", reason: "the photos are blurred"))
        #expect(try q.job("b")?.state == .failed)
        #expect(try q.job("b")?.lastError == "rejected-in-review: rejected by olga: the photos are blurred")
        let events = try q.events("b").map { "\($0.event) \($0.by ?? "")" }
        #expect(events == ["queued ", "claimed w1", "held w1", "rejected olga"])
        #expect(try q.events("a").contains { $0.event == "approved" && $0.by == "olga" })
        // A fresh render forgets the approval.
        #expect(try q.retry("a", freshRender: true, by: "olga"))
        #expect(try q.job("a")?.approvedBy == nil)
        #expect(try q.events("a").last.map { "\($0.event) \($0.by ?? "") \($0.detail ?? "")" } == "retried olga fresh render")
    }

    @Test(arguments: Driver.allCases)
    func anUnknownDeliveryWaitsForTheOperatorsWord(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 1)
        for id in ["a", "b", "c"] { _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false) }
        for _ in 0..<3 {
            let job = try #require(try q.claim(worker: "w1", lease: 30))
            #expect(try !q.awaitDecision(id: job.id, worker: "w2", reason: "not mine"))
            #expect(try q.awaitDecision(id: job.id, worker: "w1", reason: "delivery-unknown: interior.pdf"))
        }
        #expect(try q.job("a")?.state == .deliveryUnknown && q.job("a")?.lastError == "delivery-unknown: interior.pdf")
        // Like a held job: not pending, never claimed, never pruned, and no plain retry.
        #expect(try !q.hasPendingWork())
        #expect(try q.claim(worker: "w1", lease: 30) == nil)
        fixture.clock.advance(365 * 86_400)
        #expect(try q.prune(olderThan: 1, now: fixture.clock.now) == 0)
        #expect(try !q.retry("a") && !q.approve("a", by: "olga"))
        // It arrived: queued again with a fresh budget; the next attempt acts on the word once.
        #expect(try q.confirmArrival("a", by: "olga"))
        #expect(try !q.confirmArrival("a", by: "olga"))
        let again = try #require(try q.claim(worker: "w1", lease: 30))
        #expect(again.id == "a" && again.attempts == 2 && again.stage != "delivery-unknown")
        #expect(DeliveryDecision.pending(in: try q.events("a")) == .arrived(by: "olga"))
        #expect(try q.finish(id: "a", worker: "w1", succeeded: true, error: nil, final: true) == .done)
        #expect(DeliveryDecision.pending(in: try q.events("a")) == nil)
        // Sent again: from delivery-unknown, and from done (a deliberate copy), with the reason.
        #expect(try q.sendAgain("b", by: "olga", reason: "no record at the printer"))
        #expect(try q.sendAgain("a", by: "olga", reason: "lost in storage"))
        #expect(try q.job("a")?.state == .queued && q.job("b")?.state == .queued)
        #expect(try q.events("b").last.map { "\($0.event) \($0.by ?? "") \($0.detail ?? "")" } == "send-again olga no record at the printer")
        // Cancelled: stopped where it is.
        #expect(try q.cancel("c", by: "olga"))
        #expect(try q.job("c")?.state == .cancelled && !q.sendAgain("c", by: "olga", reason: "x"))
    }

    @Test(arguments: Driver.allCases)
    func aHeldJobCanBeCancelled(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queueWithClaimedJob(worker: "w1")
        #expect(try q.hold(id: "a", worker: "w1", reason: "held"))
        #expect(try q.cancel("a", by: "olga"))
        #expect(try q.job("a")?.state == .cancelled)
        #expect(try q.events("a").last?.by == "olga")
    }

    @Test func retryPolicyIsCappedFullJitter() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 30)
        #expect(policy.delay(after: 1, random: 0.999) < 1)
        #expect(policy.delay(after: 4, random: 0.5) == 4)
        #expect(policy.delay(after: 20, random: 0.999) < 30)
        #expect(policy.delay(after: 3, random: 0) == 0)
    }
}
