import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
import Render

@Suite struct ResolverTests {
    let entries = [
        Sample.entry("b", "2025-03-01T10:00:00+00:00", journal: "j1"),
        Sample.entry("a", "2025-03-01T10:00:00+00:00", journal: "j2"),
        Sample.entry("old", "2024-12-31T09:00:00+01:00", journal: "j1"),
        Sample.entry("gone", "2025-02-10T09:00:00+01:00", text: "SECRET", journal: "j1", archived: true),
        // 23:30 on 31 January in New York is 04:30 on 1 February in UTC: it belongs to January.
        Sample.entry("ny", "2025-01-31T23:30:00-05:00", journal: "j2"),
        // 00:30 on 1 February in Moscow is still 31 January in UTC: it belongs to February.
        Sample.entry("msk", "2025-02-01T00:30:00+03:00", journal: "j2"),
    ]
    let journals = [["id": "j1", "title": "Home"], ["id": "j2", "title": "Travel"]]

    func resolve(_ scope: Any) throws -> ResolvedBook {
        let workspace = try Workspace()
        let folder = try workspace.writeExport("anna", journal: Sample.journal(entries, journals: journals))
        let journal = try Journal.load(folder: folder, shownAs: "anna")
        let order = try Order.decode(try JSONSerialization.data(withJSONObject: Sample.order(scope: scope)), file: "o")
        return Resolver.resolve(order: order, journal: journal)
    }

    @Test func scopeByYearUsesTheEntrysOwnCalendar() throws {
        let resolved = try resolve(["year": 2025])
        #expect(resolved.book.entries.map(\.id) == ["ny", "msk", "a", "b"])
        #expect(resolved.archivedExcluded == 1)
        #expect(resolved.archivedIDs == ["gone"])
    }

    @Test func scopeByJournal() throws {
        let resolved = try resolve(["journal": "j1"])
        #expect(resolved.book.entries.map(\.id) == ["old", "b"])
        #expect(resolved.book.runningTitle == "Home")
    }

    @Test func scopeAllSpansJournalsAndUsesTheBookTitle() throws {
        let resolved = try resolve(["all": true])
        #expect(resolved.book.entries.count == 5)
        #expect(resolved.book.runningTitle == "Anna's Year")
    }

    @Test func monthsFollowTheLocalDayAcrossOffsets() throws {
        let book = try resolve(["year": 2025]).book
        #expect(book.chapters.map { "\($0.year)-\($0.month)" } == ["2025-1", "2025-2", "2025-3"])
        #expect(book.chapters[0].entries.map(\.id) == ["ny"])
        #expect(book.chapters[0].entries[0].local == LocalDateTime(year: 2025, month: 1, day: 31, hour: 23, minute: 30))
        #expect(book.chapters[1].entries.map(\.id) == ["msk"])
    }

    @Test func tiesAtTheSameInstantAreBrokenByID() throws {
        let book = try resolve(["year": 2025]).book
        #expect(book.chapters[2].entries.map(\.id) == ["a", "b"])
    }

    @Test func archivedEntriesNeverPass() throws {
        let book = try resolve(["all": true]).book
        #expect(!book.entries.contains { $0.id == "gone" || $0.text.contains("SECRET") })
    }
}

@Suite struct TimestampTests {
    @Test func parsesOffsetsAndFractions() throws {
        let stamp = try #require(Timestamp(rfc3339: "2025-01-31T23:30:00.250-05:00"))
        #expect(stamp.local == LocalDateTime(year: 2025, month: 1, day: 31, hour: 23, minute: 30))
        #expect(stamp.epochSeconds == 1_738_384_200)
        #expect(stamp.nanosecond == 250_000_000)
        #expect(Timestamp(rfc3339: "2025-01-01T00:00:00Z")?.epochSeconds == 1_735_689_600)
    }

    @Test func refusesWhatIsNotRFC3339() {
        for text in ["2025-01-01", "2025-01-01T10:00:00", "2025-02-30T10:00:00Z", "2025-13-01T10:00:00Z",
                     "2025-01-01T24:00:00Z", "2025-01-01T10:00:00+0300", "2025-01-01T10:00:00Z trailing", ""] {
            #expect(Timestamp(rfc3339: text) == nil, "\(text)")
        }
        #expect(Timestamp(rfc3339: "2024-02-29T10:00:00Z") != nil)
    }
}
