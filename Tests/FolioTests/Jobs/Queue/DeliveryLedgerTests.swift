import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The delivery ledger's conformance suite, on both drivers: the fence (`holds`), the ledger,
/// every request, verified outputs, and what replacing, retrying and forgetting a job do to them.
@Suite struct DeliveryLedgerTests {
    func entry(_ file: String, sha: String = "aa", attempt: Int = 1, worker: String? = "w1", at: Double) -> LedgerEntry {
        LedgerEntry(job: "a", attempt: attempt, kind: "interior", file: file, sha256: sha, bytes: 10, destination: "printer",
                    url: "https://p.example/a/\(file)", httpStatus: 201, responseID: "/stored/a", orderSHA256: "order",
                    worker: worker, deliveredAt: at)
    }

    @Test(arguments: Driver.allCases)
    func onlyTheHolderWithALiveLeaseHoldsTheJob(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queueWithClaimedJob(worker: "w1")
        #expect(try q.holds(id: "a", worker: "w1"))
        #expect(try !q.holds(id: "a", worker: "w2"))
        clock.advance(31)
        #expect(try !q.holds(id: "a", worker: "w1"), "an expired lease is not a hold, even before anyone claims the job")
        _ = try #require(try q.claim(worker: "w2", lease: 30))
        #expect(try !q.holds(id: "a", worker: "w1"))
        #expect(try q.holds(id: "a", worker: "w2"))
    }

    @Test(arguments: Driver.allCases)
    func theLedgerIsWrittenByWhoeverDeliveredButVerificationOnlyByTheHolder(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queueWithClaimedJob(worker: "w1")
        clock.advance(31)
        _ = try #require(try q.claim(worker: "w2", lease: 30))
        // The first worker's transfer completed after it lost the job: the printer has the file.
        try q.recordDelivery(entry("interior.pdf", worker: "w1", at: clock.now))
        #expect(try q.deliveries("a").map(\.file) == ["interior.pdf"])
        #expect(try q.deliveries("a").first == entry("interior.pdf", worker: "w1", at: clock.now))
        let verification = Verification(job: "a", orderSHA256: "order", attempt: 1, report: Data("{}".utf8), verifiedAt: clock.now)
        #expect(try !q.recordVerification(verification, worker: "w1"))
        #expect(try q.verification("a") == nil)
        #expect(try q.recordVerification(verification, worker: "w2"))
        #expect(try q.verification("a") == verification)
        try q.recordRequest(UploadRequestRecord(job: "a", attempt: 2, file: "book.epub", destination: "printer", url: "u",
                                                httpStatus: 503, error: "HTTP 503", bytesSent: 10, at: clock.now))
        #expect(try q.requests("a").map(\.httpStatus) == [503])
    }

    @Test(arguments: Driver.allCases)
    func aManualRetryKeepsCountingAttemptsWithAFreshBudget(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queue(attempts: 2)
        _ = try q.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        for _ in 0..<2 {
            _ = try #require(try q.claim(worker: "w", lease: 30))
            _ = try q.finish(id: "a", worker: "w", succeeded: false, error: "upload-failed", final: false)
            clock.advance(200)
        }
        #expect(try q.job("a")?.state == .failed)
        let verification = Verification(job: "a", orderSHA256: "order", attempt: 2, report: Data("{}".utf8), verifiedAt: clock.now)
        #expect(try q.retry("a"))
        let third = try #require(try q.claim(worker: "w", lease: 30))
        #expect(third.attempts == 3, "attempt numbers stay unique across a manual retry")
        #expect(try q.recordVerification(verification, worker: "w"))
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "upload-failed", final: false) == .queued,
                "the retry gives the job max_attempts more tries")
        clock.advance(200)
        _ = try #require(try q.claim(worker: "w", lease: 30))
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "upload-failed", final: false) == .failed)
        #expect(try q.retry("a", freshRender: false))
        #expect(try q.verification("a") != nil, "a plain retry keeps the verified outputs")
        _ = try q.cancel("a")
        #expect(try q.retry("a", freshRender: true))
        #expect(try q.verification("a") == nil, "--render forgets them")
    }

    @Test(arguments: Driver.allCases)
    func replacingAnOrderKeepsTheLedgerAndForgettingAJobDropsItsRecords(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queueWithClaimedJob(worker: "w")
        try q.recordDelivery(entry("interior.pdf", at: clock.now))
        try q.recordRequest(UploadRequestRecord(job: "a", attempt: 1, file: "interior.pdf", destination: "printer", url: "u",
                                                httpStatus: 201, error: nil, bytesSent: 10, at: clock.now))
        #expect(try q.recordVerification(Verification(job: "a", orderSHA256: "order", attempt: 1, report: Data(), verifiedAt: 0), worker: "w"))
        _ = try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: false)
        #expect(try q.enqueue(id: "a", order: Data("y".utf8), signature: nil, replace: true) == .replaced)
        #expect(try q.deliveries("a").count == 1, "the printer still has what it was sent")
        #expect(try q.verification("a") == nil && q.requests("a").isEmpty, "nothing verified for the old order applies")
        _ = try #require(try q.claim(worker: "w", lease: 30))
        _ = try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: false)
        #expect(try q.forget("a"))
        #expect(try q.deliveries("a").isEmpty)
    }
}
