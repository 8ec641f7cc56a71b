import Foundation
import Testing
@testable import Jobs

/// The record of orders refused at intake, alike in SQLite and PostgreSQL.
@Suite struct IntakeLogTests {
    @Test(arguments: Driver.allCases)
    func refusalsAreKeptNewestFirstAndCounted(_ driver: Driver) throws {
        let fixture = try QueueFixture(driver)
        let q = try fixture.queue()
        #expect(try q.rejectionCount() == 0 && q.rejections(limit: 5).isEmpty)
        try q.recordRejection(RejectedOrder(file: "a.json", order: nil, reason: "not valid JSON", errorFile: "/in/rejected/a.error.txt", at: 10))
        try q.recordRejection(RejectedOrder(file: "b.json", order: "b", reason: "other bytes", errorFile: "/in/rejected/b.error.txt", at: 20))
        #expect(try q.rejectionCount() == 2)
        #expect(try q.rejections(limit: 5).map(\.file) == ["b.json", "a.json"])
        #expect(try q.rejections(limit: 1) == [RejectedOrder(file: "b.json", order: "b", reason: "other bytes",
                                                             errorFile: "/in/rejected/b.error.txt", at: 20)])
        #expect(try q.metrics().rejectedAtIntake == 2)
    }
}
