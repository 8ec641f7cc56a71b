import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The report archive's conformance suite, on both drivers: each job's files and each run's
/// batch report, kept where every host reads them.
@Suite struct ReportArchiveTests {
    /// Every byte value, a NUL first: the archive keeps bytes, not text.
    let binary = Data([0] + (0...255).map(UInt8.init) + Array("report".utf8))

    @Test(arguments: Driver.allCases)
    func aJobsFilesAreKeptReplacedAndForgottenWithTheJob(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queueWithClaimedJob(worker: "w")
        try q.storeJobFile(job: "a", name: "report.json", data: Data("{\"v\": 1}".utf8))
        try q.storeJobFile(job: "a", name: "preview-cover.png", data: binary)
        try q.storeJobFile(job: "a", name: "report.json", data: Data("{\"v\": 2}".utf8))
        #expect(try q.jobFile(job: "a", name: "report.json") == Data("{\"v\": 2}".utf8), "a file stored again replaces the old one")
        #expect(try q.jobFile(job: "a", name: "preview-cover.png") == binary)
        #expect(try q.jobFile(job: "a", name: "report.html") == nil)
        #expect(try q.jobFile(job: "b", name: "report.json") == nil)
        // Another connection, as another host's console, reads the same files.
        #expect(try fixture.queue().jobFile(job: "a", name: "preview-cover.png") == binary)
        #expect(try q.finish(id: "a", worker: "w", succeeded: true, error: nil, final: false) == .done)
        #expect(try q.forget("a"))
        #expect(try q.jobFile(job: "a", name: "report.json") == nil, "a forgotten job's files go with it")
    }

    @Test(arguments: Driver.allCases)
    func batchReportsAreListedNewestFirst(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        #expect(try q.batchReports(limit: 5).isEmpty)
        for index in 1...3 {
            try q.storeBatchReport(name: "BATCH-\(index)", summary: Data("summary \(index)".utf8), html: binary)
            fixture.clock.advance(60)
        }
        let newest = try q.batchReports(limit: 2)
        #expect(newest.map(\.name) == ["BATCH-3", "BATCH-2"])
        #expect(newest.map(\.summary) == [Data("summary 3".utf8), Data("summary 2".utf8)])
        // The same name again (a runner writing its report twice) replaces it, in its place.
        try q.storeBatchReport(name: "BATCH-1", summary: binary, html: binary)
        let all = try q.batchReports(limit: 10)
        #expect(all.map(\.name) == ["BATCH-3", "BATCH-2", "BATCH-1"])
        #expect(all.last?.summary == binary)
    }
}
