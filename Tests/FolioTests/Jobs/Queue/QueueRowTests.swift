import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Rows read by column name on both drivers: each database type arrives as the value it
/// names, and a column that is missing or holds another type is an error naming it.
@Suite struct QueueRowTests {
    static let query = "SELECT 7 AS count, 2.5 AS seconds, 'held' AS state, NULL AS worker, X'00FF' AS data"

    func row(_ driver: Driver) throws -> QueueRow {
        let fixture = try QueueFixture(driver)
        switch driver {
        case .sqlite:
            return try #require(try SQLiteDatabase(path: fixture.location).execute(Self.query).first)
        case .postgres:
            // PostgreSQL's own types: a bytea, a float8 and a numeric sum of integers.
            let sql = "SELECT 7::bigint AS count, 2.5::float8 AS seconds, 'held' AS state, NULL::text AS worker, '\\x00ff'::bytea AS data, "
                + "(SELECT SUM(n) FROM (VALUES (1::bigint), (2::bigint)) AS t(n)) AS total"
            return try #require(try PGConnection(url: fixture.location, password: try PostgresCluster.shared.get().password).execute(sql).first)
        }
    }

    @Test(arguments: Driver.allCases)
    func columnsAreReadByNameAsTheirTypes(_ driver: Driver) throws {
        let row = try row(driver)
        #expect(try row.integer("count") == 7)
        #expect(try row.real("seconds") == 2.5)
        #expect(try row.real("count") == 7, "an integer reads as a number")
        #expect(try row.value("state", as: QueuedJob.State.self) == .held)
        #expect(try row.optionalText("worker") == nil)
        #expect(try row.blob("data") == Data([0, 255]))
        if driver == .postgres { #expect(try row.integer("total") == 3, "a numeric sum of integers reads as an integer") }
    }

    @Test(arguments: Driver.allCases)
    func aMissingOrMistypedColumnIsAnErrorNamingIt(_ driver: Driver) throws {
        let row = try row(driver)
        #expect(throws: RowError(column: "pages", problem: .missing)) { try row.integer("pages") }
        #expect(throws: RowError(column: "state", problem: .mistyped(expected: "an integer", found: "text"))) { try row.integer("state") }
        #expect(throws: RowError(column: "seconds", problem: .mistyped(expected: "an integer", found: "a real"))) { try row.integer("seconds") }
        #expect(throws: RowError(column: "worker", problem: .mistyped(expected: "text", found: "NULL"))) { try row.text("worker") }
        #expect(throws: RowError(column: "count", problem: .mistyped(expected: "bytes", found: "an integer"))) { try row.blob("count") }
        let unknown = #expect(throws: RowError.self) { try row.value("data", as: QueuedJob.State.self) }
        #expect(unknown?.column == "data")
        #expect(RowError(column: "pages", problem: .missing).description == "the queue's result has no column \"pages\"")
    }
}
