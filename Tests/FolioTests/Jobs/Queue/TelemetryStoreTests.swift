import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// What `/metrics` reads from the queue, on both drivers: counts by state, the oldest queued
/// job, timings bucketed by the database, requests by class, lease losses and runners' beats.
@Suite struct TelemetryStoreTests {
    @Test(arguments: Driver.allCases)
    func theQueueCountsWhatMetricsShow(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queue()
        let start = clock.now
        for id in ["a", "b", "c"] { _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false) }
        clock.advance(40)
        let claimed = try #require(try q.claim(worker: "w1", lease: 30))
        #expect(claimed.id == "a")
        try q.recordTimings(AttemptTimings(job: "a", attempt: 1, seconds: 7, stages: ["layout": 0.3, "upload": 2]))
        try q.recordTimings(AttemptTimings(job: "a", attempt: 2, seconds: 45, stages: ["layout": 0.05]))
        try q.recordRequest(UploadRequestRecord(job: "a", attempt: 1, file: "interior.pdf", destination: "shop", url: "https://x/1",
                                                httpStatus: 503, error: "busy", bytesSent: 0, at: clock.now, requestClass: "transient"))
        try q.recordRequest(UploadRequestRecord(job: "a", attempt: 1, file: "interior.pdf", destination: "shop", url: "https://x/1",
                                                httpStatus: 201, error: nil, bytesSent: 9, at: clock.now, requestClass: "accepted"))
        try q.runnerBeat("host-1")
        try q.runnerBeat("host-1")
        clock.advance(5)
        try q.runnerBeat("host-2")

        let metrics = try q.metrics()
        #expect(metrics.jobsByState[.queued] == 2 && metrics.jobsByState[.running] == 1 && metrics.jobsByState[.done] == 0)
        #expect(metrics.queueDepth == 2)
        #expect(metrics.oldestQueuedAt.map { abs($0 - start) < 0.001 } == true)
        #expect(metrics.attempts.count == 2 && metrics.attempts.sum == 52)
        // Bounds … 5, 10, 30, 60 …: 7 s is in the 10 s bucket, 45 s in the 60 s one.
        let bounds = metrics.attempts.bounds
        #expect(metrics.attempts.cumulative[bounds.firstIndex(of: 5)!] == 0)
        #expect(metrics.attempts.cumulative[bounds.firstIndex(of: 10)!] == 1)
        #expect(metrics.attempts.cumulative[bounds.firstIndex(of: 60)!] == 2)
        #expect(metrics.stages["layout"]?.count == 2 && metrics.stages["layout"]?.cumulative.first == 1)
        #expect(metrics.stages["upload"]?.count == 1)
        #expect(metrics.requests["shop"] == ["transient": 1, "accepted": 1])
        #expect(metrics.runners.map(\.name) == ["host-1", "host-2"] && metrics.runners.map(\.beats) == [2, 1])
        #expect(metrics.runners.last.map { abs($0.lastBeat - clock.now) < 0.001 } == true)
        #expect(metrics.leaseLosses == 0)
    }

    @Test(arguments: Driver.allCases)
    func aHeartbeatAfterAnotherWorkerClaimedTheJobCountsALeaseLoss(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let clock = fixture.clock
        let q = try fixture.queueWithClaimedJob(worker: "slow")
        #expect(try q.heartbeat(id: "a", worker: "slow", lease: 30))
        clock.advance(31)
        _ = try #require(try q.claim(worker: "fast", lease: 30))
        #expect(try !q.heartbeat(id: "a", worker: "slow", lease: 30))
        // A job that has ended is no lost lease.
        _ = try q.enqueue(id: "b", order: Data("b".utf8), signature: nil, replace: false)
        _ = try #require(try q.claim(worker: "w", lease: 30))
        #expect(try q.finish(id: "b", worker: "w", succeeded: true, error: nil, final: true) == .done)
        #expect(try !q.heartbeat(id: "b", worker: "w", lease: 30))
        #expect(try q.metrics().leaseLosses == 1)
        #expect(try q.events("a").contains { $0.event == "lease-lost" && $0.by == "slow" })
    }

    /// Counters are counters: retention removes a job's rows, not what it added to the counts
    /// (Prometheus would read a fall as a restart); the job's own gauge goes.
    @Test(arguments: Driver.allCases)
    func pruningAJobLeavesTheCountersWhole(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queueWithClaimedJob(worker: "w")
        try q.recordTimings(AttemptTimings(job: "a", attempt: 1, seconds: 3, stages: ["layout": 1]))
        try q.recordRequest(UploadRequestRecord(job: "a", attempt: 1, file: "interior.pdf", destination: "shop", url: "https://x/1",
                                                httpStatus: 201, error: nil, bytesSent: 9, at: fixture.clock.now, requestClass: "accepted"))
        #expect(try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: true) == .done)
        fixture.clock.advance(100)
        #expect(try q.prune(olderThan: 10, now: fixture.clock.now) == 1)
        let metrics = try q.metrics()
        #expect(metrics.attempts.count == 1 && metrics.stages["layout"]?.count == 1 && metrics.requests["shop"]?["accepted"] == 1)
        #expect(metrics.jobsByState[.done] == 0)
    }

    /// The counts the triggers keep equal the rows, after every kind of change a queue sees:
    /// enqueue, claim, retry, hold, finish, cancel, replace, forget, prune, outcomes.
    @Test(arguments: Driver.allCases)
    func theCountsKeptEqualTheRows(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 2)
        for index in 0..<40 {
            let id = "j\(index)"
            _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false)
            if index % 9 == 0 { fixture.clock.advance(86_400) }  // several nights
        }
        for index in 0..<30 {
            guard let job = try q.claim(worker: "w", lease: 30) else { break }
            switch index % 6 {
            case 0: _ = try q.finish(id: job.id, worker: "w", succeeded: true, error: nil, final: true)
            case 1: _ = try q.finish(id: job.id, worker: "w", succeeded: false, error: "x: y", final: false)
            case 2: _ = try q.hold(id: job.id, worker: "w", reason: "held")
            case 3: _ = try q.finish(id: job.id, worker: "w", succeeded: false, error: "x: y", final: true)
            case 4: _ = try q.cancel(job.id)
            default: try q.recordOutcome(id: job.id, pages: 40 + index, warnings: index % 3)
            }
        }
        _ = try q.enqueue(id: "j39", order: Data("other".utf8), signature: nil, replace: true)
        _ = try q.forget("j0")
        fixture.clock.advance(10 * 86_400)
        _ = try q.prune(olderThan: 86_400, now: fixture.clock.now)
        let metrics = try q.metrics()
        let jobs = try q.jobs()
        for state in QueuedJob.State.allCases {
            #expect(metrics.jobsByState[state] == jobs.filter { $0.state == state }.count, "\(state)")
        }
        let rows = try q.listJobs(JobFilter(), limit: 1000, offset: 0)
        #expect(metrics.pagesRendered == rows.filter { [.done, .held].contains($0.state) }.compactMap(\.pages).reduce(0, +))
        let nights = try q.nights(limit: 100)
        #expect(nights.reduce(0) { $0 + $1.counts.values.reduce(0, +) } == jobs.count)
        for night in nights { #expect(night.counts.values.reduce(0, +) == rows.filter { $0.night == night.night }.count, "\(night.night)") }
    }
}
