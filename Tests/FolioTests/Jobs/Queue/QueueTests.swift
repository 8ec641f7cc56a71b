import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// A clock the test moves by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 1_000_000.0
    var now: Double { lock.lock(); defer { lock.unlock() }; return value }
    func advance(_ seconds: Double) { lock.lock(); value += seconds; lock.unlock() }
}

/// The conformance suite: every test runs on SQLite and on PostgreSQL.
@Suite struct QueueTests {
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
        #expect(try q.prune(olderThan: 50) == 1)
        #expect(try q.jobs().map(\.id) == ["b"])
        // Opening again migrates nothing twice; a newer schema than this Folio knows is refused.
        _ = try fixture.queue()
        #expect(try fixture.schemaVersion() == fixture.migrations)
        try fixture.setSchemaVersion(99)
        #expect(throws: (any Error).self) { _ = try fixture.queue() }
    }

    @Test func retryPolicyIsCappedFullJitter() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 30)
        #expect(policy.delay(after: 1, random: 0.999) < 1)
        #expect(policy.delay(after: 4, random: 0.5) == 4)
        #expect(policy.delay(after: 20, random: 0.999) < 30)
        #expect(policy.delay(after: 3, random: 0) == 0)
    }
}
