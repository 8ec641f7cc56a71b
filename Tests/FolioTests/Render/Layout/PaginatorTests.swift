import FolioTestSupport
import Testing
@testable import Render

@Suite struct PaginatorTests {
    let paginator = Paginator(areaHeight: 100)

    func text(_ lines: Int, height: Double = 10, keep: Bool = false, whole: Bool = false, before: Double = 0) -> FlowBlock {
        FlowBlock(content: .text(paragraph: 0, lineHeights: Array(repeating: height, count: lines)),
                  spaceBefore: before, keepWithNext: keep, splittable: !whole)
    }

    /// Lines per page for block `block`.
    func linesPerPage(_ pages: [[Placement]], block: Int) -> [Int] {
        pages.compactMap { page in page.first { $0.block == block }.map(\.lines.count) }
    }

    @Test func aParagraphThatFitsStaysWhole() throws {
        let pages = try paginator.paginate([text(10)])
        #expect(pages.count == 1)
        #expect(pages[0] == [Placement(block: 0, lines: 0..<10, y: 0)])
    }

    @Test func noOrphanAtTheFootOfAPage() throws {
        // 9 lines used: one line would be left alone at the foot, so the paragraph moves on.
        let pages = try paginator.paginate([text(9), text(5)])
        #expect(linesPerPage(pages, block: 1) == [5])
        #expect(pages.count == 2)
    }

    @Test func noWidowAtTheHeadOfAPage() throws {
        // 3 lines are free; 4 lines would leave 1 at the head of the next page: break 2 + 2.
        let pages = try paginator.paginate([text(7), text(4)])
        #expect(linesPerPage(pages, block: 1) == [2, 2])
    }

    @Test func aThreeLineParagraphIsNeverSplitOneAndTwo() throws {
        let pages = try paginator.paginate([text(8), text(3)])
        #expect(linesPerPage(pages, block: 1) == [3])
    }

    @Test func aHeadNeverEndsAPage() throws {
        let pages = try paginator.paginate([text(8), text(1, keep: true, whole: true), text(5)])
        #expect(pages[0].map(\.block) == [0])
        #expect(pages[1].map(\.block) == [1, 2])
    }

    /// Room for a head and two lines is not enough when the paragraph after it has three: it
    /// cannot split two and one, so it moves whole and the head must go with it (seen in the
    /// Russian demo: a date line alone at the foot of page 10).
    /// A figure is placed only with the least of what follows it: a head kept with a figure
    /// goes on with both, never left alone at the foot while the figure moves on.
    @Test func aHeadBeforeAFigureGoesOnWithIt() throws {
        let figure = FlowBlock(content: .figure(id: 0, height: 30))
        // 60 used; the head (10) and the figure (30) fit, the figure's following two lines do not.
        let pages = try paginator.paginate([text(6), text(1, keep: true, whole: true), figure, text(4)])
        #expect(pages.count == 2)
        #expect(pages[0].map(\.block) == [0], "the head moved on with its figure: \(pages)")
        #expect(pages[1].map(\.block) == [1, 2, 3])
    }

    @Test func aHeadGoesWithAShortParagraphThatCannotSplit() throws {
        let pages = try paginator.paginate([text(7), text(1, keep: true, whole: true), text(3)])
        #expect(pages[0].map(\.block) == [0])
        #expect(pages[1].map(\.block) == [1, 2])
        // Four lines can split two and two: the head stays with the first two.
        let split = try paginator.paginate([text(7), text(1, keep: true, whole: true), text(4)])
        #expect(split[0].map(\.block) == [0, 1, 2])
        #expect(linesPerPage(split, block: 2) == [2, 2])
    }

    @Test func spaceBeforeIsDroppedAtTheTopOfAPage() throws {
        let pages = try paginator.paginate([text(10), text(2, before: 30)])
        #expect(pages[1].first?.y == 0)
    }

    @Test func aLineTallerThanThePageIsPlacedAlone() throws {
        let pages = try paginator.paginate([text(2), FlowBlock(content: .text(paragraph: 0, lineHeights: [500, 10, 10]))])
        #expect(pages.count == 3)
        #expect(pages[1] == [Placement(block: 1, lines: 0..<1, y: 0)])
        #expect(pages[2] == [Placement(block: 1, lines: 1..<3, y: 0)])
    }

    @Test func aFigureTallerThanThePageIsPlacedAlone() throws {
        let pages = try paginator.paginate([text(2), FlowBlock(content: .figure(id: 0, height: 300)), text(2)])
        #expect(pages.map { $0.map(\.block) } == [[0], [1], [2]])
    }

    @Test func everyLineIsPlacedExactlyOnce() throws {
        var blocks: [FlowBlock] = []
        var random = SeededRandom(seed: 7)
        for _ in 0..<400 {
            let lines = 1 + random.below(12)
            blocks.append(text(lines, height: 5 + Double(random.below(30)), keep: random.below(6) == 0,
                               whole: random.below(8) == 0, before: Double(random.below(10))))
        }
        let pages = try paginator.paginate(blocks)
        for (index, block) in blocks.enumerated() {
            let placed = pages.flatMap { $0 }.filter { $0.block == index }.map(\.lines)
            #expect(placed.reduce(0) { $0 + $1.count } == block.lineCount)
            #expect(zip(placed, placed.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        }
    }
}
