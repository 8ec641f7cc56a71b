import FolioTestSupport
import Testing
@testable import Render

/// The paginator's use of a paragraph in a line more or less, with the settings given as a
/// table of line counts (the real paragraphs' are in `LoosenessTests`).
@Suite struct PaginatorLoosenessTests {
    /// Paragraph → the line counts it can also be set in; every line 10 high.
    struct Table: LineCountSettings {
        var counts: [Int: Set<Int>]
        func lineHeights(paragraph: Int, lineCount: Int) -> [Double]? {
            counts[paragraph]?.contains(lineCount) == true ? Array(repeating: 10, count: lineCount) : nil
        }
    }

    let paginator = Paginator(areaHeight: 100)

    func text(_ paragraph: Int, _ lines: Int) -> FlowBlock {
        FlowBlock(content: .text(paragraph: paragraph, lineHeights: Array(repeating: 10, count: lines)))
    }

    func lines(_ pagination: Paginator.Pagination, block: Int) -> [Int] {
        pagination.pages.compactMap { page in page.first { $0.block == block }.map(\.lines.count) }
    }

    /// 3 lines free, 4 to place: the rules would set 2 + 2 and leave a line empty; in 3 lines
    /// the paragraph fits whole.
    @Test func aLineLessFitsTheParagraphWhole() throws {
        let result = try paginator.paginate([text(0, 7), text(1, 4)], settings: Table(counts: [1: [3, 5]]))
        #expect(lines(result, block: 1) == [3])
        #expect(result.lineCounts == [1: 3])
    }

    /// Without a shorter setting, a longer one splits 3 + 2 and fills the page.
    @Test func aLineMoreSplitsItWithoutAHole() throws {
        let result = try paginator.paginate([text(0, 7), text(1, 4)], settings: Table(counts: [1: [5]]))
        #expect(lines(result, block: 1) == [3, 2])
        #expect(result.lineCounts == [1: 5])
    }

    /// Neither exists (or no settings at all): the rules hold as before, with the hole.
    @Test func withoutAnotherSettingTheRulesLeaveTheHole() throws {
        for settings in [Table(counts: [:]), nil] as [Table?] {
            let result = try paginator.paginate([text(0, 7), text(1, 4)], settings: settings)
            #expect(lines(result, block: 1) == [2, 2])
            #expect(result.lineCounts.isEmpty)
        }
    }

    /// One line free at the foot: a longer setting would still leave it alone there, so it is
    /// not taken. A paragraph already begun on an earlier page is not set again either (its
    /// placed lines would change): 2 lines, then 9 of the 11 left and a hole, then 2.
    @Test func aSettingThatBreaksTheRulesIsNotTaken() throws {
        let orphan = try paginator.paginate([text(0, 9), text(1, 4)], settings: Table(counts: [1: [5]]))
        #expect(lines(orphan, block: 1) == [4])
        #expect(orphan.lineCounts.isEmpty)
        let begun = try paginator.paginate([text(0, 8), text(1, 13)], settings: Table(counts: [1: [12, 14]]))
        #expect(lines(begun, block: 1) == [2, 9, 2])
        #expect(begun.lineCounts.isEmpty)
    }
}
