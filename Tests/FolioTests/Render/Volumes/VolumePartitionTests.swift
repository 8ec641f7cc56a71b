import Testing
@testable import Render

/// Where a set is cut, on page counts alone: within the limit, balanced, at a year's end where
/// the balance allows, inside a month only when one must be split.
struct VolumePartitionTests {
    /// Months of `pages` each, twelve a year from 2015; no padding rule but the limit.
    func partition(_ pages: [Int], limit: Int, months: [Int]? = nil) -> VolumePartition {
        let parts = pages.enumerated().map { index, pages in
            VolumePartition.Part(pages: pages, year: 2015 + index / 12, month: months?[index] ?? index % 12 + 1)
        }
        return VolumePartition(parts: parts, limit: limit, contentsCapacity: 40) { $0 % 2 == 0 ? $0 : $0 + 1 }
    }

    @Test func aVolumesPagesAreItsFrontMatterItsMonthsOnRectosAndPadding() {
        let cut = partition([3, 4, 5], limit: 100)
        // title, imprint, contents (3 pages), blank, 3 pages, blank, 4 pages, 5 pages, padded to even.
        #expect(cut.pages(0..<3) == 3 + 1 + 3 + 1 + 4 + 5 + 1)
        #expect(cut.pages(0..<1) == 3 + 1 + 3 + 1)
        #expect(partition([3, 4, 200], limit: 100).pages(0..<3) == nil)
    }

    @Test func theFewestVolumesAreBalancedAndWithinTheLimit() throws {
        let months = (0..<120).map { 8 + ($0 * 7) % 11 }
        let cut = partition(months, limit: 300)
        let volumes = try #require(cut.fewest())
        let sizes = volumes.compactMap { cut.pages($0) }
        #expect(sizes.count == volumes.count && sizes.allSatisfy { $0 <= 300 })
        #expect(Double(try #require(sizes.max())) <= 1.25 * Double(try #require(sizes.min())), "\(sizes)")
        // Every month in one volume, in order.
        #expect(volumes.first?.lowerBound == 0 && volumes.last?.upperBound == 120)
        #expect(zip(volumes, volumes.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        // Fewer volumes cannot hold it.
        #expect(cut.cut(into: volumes.count - 1) == nil)
    }

    @Test func aCutFallsAtAYearsEndWhereTheBalanceAllows() throws {
        // Four years of even months: two volumes cut after the second year.
        let cut = partition(Array(repeating: 10, count: 48), limit: 400)
        let volumes = try #require(cut.cut(into: 2))
        #expect(volumes == [0..<24, 24..<48])
        // Three volumes of four years cannot all end with a year and stay balanced: the set is
        // balanced first.
        let three = try #require(cut.cut(into: 3))
        let sizes = three.compactMap { cut.pages($0) }
        #expect(Double(try #require(sizes.max())) <= 1.25 * Double(try #require(sizes.min())), "\(sizes)")
    }

    @Test func aMonthIsCutOnlyWhereItWasSplit() throws {
        // Parts 2 and 3 are one month split between days. Cutting between them gives the most
        // even set (48 and 48 pages), but cuts at a month's end stay balanced (44 and 52): one is taken.
        let cut = partition([20, 20, 4, 4, 20, 20], limit: 200, months: [1, 2, 3, 3, 4, 5])
        #expect(cut.pages(0..<3) == 48 && cut.pages(3..<6) == 48)
        let volumes = try #require(cut.cut(into: 2))
        #expect(!volumes.contains { $0.lowerBound == 3 }, "\(volumes)")
        // When only a cut inside the month keeps the set within the limit, it is made.
        let forced = partition([20, 20, 100, 100, 20, 20], limit: 160, months: [1, 2, 3, 3, 4, 5])
        #expect(try #require(forced.cut(into: 2)) == [0..<3, 3..<6])
    }

    @Test func aCountThatCannotHoldTheBookIsRefused() {
        #expect(partition([100, 100, 100], limit: 150).cut(into: 2) == nil)
        #expect(partition([100, 100], limit: 150).cut(into: 3) == nil)
        #expect(partition([100, 100, 100], limit: 150).cut(into: 3) != nil)
    }
}
