import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The console catalog's conformance suite, on both drivers: lists, counts, filters, nights and
/// event counts.
@Suite struct ConsoleCatalogTests {
    func order(_ id: String, title: String, author: String = "Anna K.", product: String = "a5-softcover") -> Data {
        Data(#"{"id": "\#(id)", "product": "\#(product)", "destination": "local", "book": {"title": "\#(title)", "author": "\#(author)"}}"#.utf8)
    }

    @Test(arguments: Driver.allCases)
    func theCatalogFiltersCountsAndOrdersJobs(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 1)
        _ = try q.enqueue(id: "night1-a", order: order("night1-a", title: "Winter Notes", author: "Ülla Ö."), signature: nil, replace: false)
        fixture.clock.advance(86_400)
        for index in 0..<12 {
            let id = String(format: "b-%02d", index)
            _ = try q.enqueue(id: id, order: order(id, title: "Book \(index)_%", product: index % 2 == 0 ? "a5-softcover" : "square"),
                              signature: nil, replace: false)
        }
        _ = try q.enqueue(id: "broken", order: Data("not json".utf8), signature: nil, replace: false)
        let failing = try #require(try q.claim(worker: "w", lease: 30))  // the oldest: night1-a
        #expect(try q.finish(id: failing.id, worker: "w", succeeded: false, error: "render-failed", final: true) == .failed)
        let holding = try #require(try q.claim(worker: "w", lease: 30))
        #expect(try q.hold(id: holding.id, worker: "w", reason: "held"))
        try q.recordOutcome(id: holding.id, pages: 120, warnings: 2)
        fixture.clock.advance(10)
        let done = try #require(try q.claim(worker: "w", lease: 30))
        try q.recordOutcome(id: done.id, pages: 80, warnings: 1)
        #expect(try q.finish(id: done.id, worker: "w", succeeded: true, error: nil, final: false) == .done)

        // Held first, then failed, then the queued ones.
        let all = try q.listJobs(JobFilter(), limit: 100, offset: 0)
        #expect(all.count == 14)
        #expect(all.prefix(2).map(\.state) == [.held, .failed])
        #expect(all.last?.state == .done)
        #expect(try q.listJobs(JobFilter(), limit: 5, offset: 5).map(\.id) == all[5..<10].map(\.id))
        #expect(try q.countJobs(JobFilter(), cap: 5) == 5)
        #expect(try q.countJobs(JobFilter(), cap: 1000) == 14)
        #expect(try q.countJobs(JobFilter(product: "square"), cap: 1000) == 6)
        #expect(try q.countJobs(JobFilter(state: .queued, product: "a5-softcover"), cap: 1000) == 5)
        // Text: the id, the title or the author, case-insensitive and in any script; LIKE's
        // wildcards in the text are only text.
        #expect(try q.listJobs(JobFilter(text: "ülla"), limit: 10, offset: 0).map(\.id) == ["night1-a"])
        #expect(try q.listJobs(JobFilter(text: "WINTER"), limit: 10, offset: 0).map(\.id) == ["night1-a"])
        #expect(try q.countJobs(JobFilter(text: "_%"), cap: 100) == 12)
        #expect(try q.countJobs(JobFilter(text: "%"), cap: 100) == 12)
        #expect(try q.countJobs(JobFilter(text: "b-1"), cap: 100) == 2)
        // The order that is not JSON is listed too, without facts.
        #expect(try q.listJobs(JobFilter(text: "broken"), limit: 1, offset: 0).first?.product == nil)

        // Nights: noon to noon, newest first, with books, pages and warnings.
        let nights = try q.nights(limit: 14)
        #expect(nights.map(\.night) == [NightClock().label(at: fixture.clock.now), NightClock().label(at: fixture.clock.now - 86_410)])
        let latest = try #require(nights.first)
        #expect(latest.counts == ["queued": 11, "held": 1, "done": 1])
        #expect(nights[1].counts == ["failed": 1])
        #expect(latest.books == 1 && latest.pages == 200 && latest.warnings == 3)
        #expect(latest.lastFinishedAt == fixture.clock.now)
        #expect(try q.listJobs(JobFilter(night: nights[1].night), limit: 10, offset: 0).map(\.id) == ["night1-a"])
    }

    @Test(arguments: Driver.allCases)
    func eventCountsCountEachJobsEvents(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 3)
        for id in ["a", "b"] { _ = try q.enqueue(id: id, order: Data(id.utf8), signature: nil, replace: false) }
        #expect(try q.eventCounts("claimed").isEmpty)
        _ = try #require(try q.claim(worker: "w", lease: 30))
        #expect(try q.finish(id: "a", worker: "w", succeeded: false, error: "boom", final: false) == .queued)
        fixture.clock.advance(100)
        for _ in 0..<2 {
            let job = try #require(try q.claim(worker: "w", lease: 30))
            #expect(try q.finish(id: job.id, worker: "w", succeeded: true, error: nil, final: false) == .done)
        }
        #expect(try q.eventCounts("claimed") == ["a": 2, "b": 1])
        #expect(try q.eventCounts("done") == ["a": 1, "b": 1])
        #expect(try q.eventCounts("queued") == ["a": 2, "b": 1], "a retried attempt is queued again")
    }

    /// Paging by keyset walks the same rows in the same order as one long read, whatever the
    /// filter, ties in time included.
    @Test(arguments: Driver.allCases)
    func pagesAfterACursorWalkTheWholeListInOrder(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue(attempts: 1)
        for index in 0..<60 {
            _ = try q.enqueue(id: String(format: "k%02d", index), order: Data("\(index)".utf8), signature: nil, replace: false)
            if index % 4 == 0 { fixture.clock.advance(1) }  // some share a time
        }
        for index in 0..<40 {
            guard let job = try q.claim(worker: "w", lease: 30) else { break }
            switch index % 4 {
            case 0: _ = try q.finish(id: job.id, worker: "w", succeeded: true, error: nil, final: true)
            case 1: _ = try q.finish(id: job.id, worker: "w", succeeded: false, error: "x: y", final: true)
            case 2: _ = try q.hold(id: job.id, worker: "w", reason: "held")
            default: break  // running
            }
            if index % 3 == 0 { fixture.clock.advance(1) }
        }
        for filter in [JobFilter(), JobFilter(state: .done), JobFilter(text: "k1")] {
            let whole = try q.listJobs(filter, limit: 1000, offset: 0).map(\.id)
            var walked: [String] = [], cursor: JobCursor?
            repeat {
                let page = try cursor.map { try q.listJobs(filter, limit: 7, after: $0) } ?? q.listJobs(filter, limit: 7, offset: 0)
                walked += page.map(\.id)
                cursor = page.count == 7 ? page.last.map(JobCursor.init(after:)) : nil
            } while cursor != nil && walked.count <= whole.count
            #expect(walked == whole, "\(filter)")
            #expect(!whole.isEmpty)
        }
        #expect(JobCursor("2~1796162400.5~anna-2025") == JobCursor(rank: 2, updatedAt: 1_796_162_400.5, id: "anna-2025"))
        #expect(JobCursor("9~1~a") == nil && JobCursor("1~nan~a") == nil && JobCursor("1~2~../x") == nil && JobCursor("x") == nil)
    }
}
