import Testing
@testable import Render

/// Where a set is cut, on page counts alone: within the limit, balanced, at a year's end where
/// the balance allows, inside a month only when one must be split.
struct VolumePartitionTests {
    /// Months of `pages` each, twelve a year from 2015; no padding rule but the limit.
    func partition(_ pages: [Int], limit: Int, months: [Int]? = nil, years: [Int]? = nil) -> VolumePartition {
        let parts = pages.enumerated().map { index, pages in
            VolumePartition.Part(pages: pages, year: years?[index] ?? 2015 + index / 12, month: months?[index] ?? index % 12 + 1)
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
        let found = try #require(cut.fewest())
        let volumes = found.volumes
        #expect(found.isBalanced)
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
        #expect(cut.cut(into: 2)?.volumes == [0..<24, 24..<48])
        // Years of ten and twelve months: the cut falls after the first year (10 | 12), not at
        // the most even place (11 | 11), while the set stays balanced.
        let uneven = partition(Array(repeating: 10, count: 22), limit: 400, years: Array(repeating: 2015, count: 10) + Array(repeating: 2016, count: 12))
        #expect(uneven.cut(into: 2)?.volumes == [0..<10, 10..<22])
        // Three volumes of four years cannot all end with a year and stay balanced: the set is
        // balanced first.
        let three = try #require(cut.cut(into: 3)?.volumes)
        let sizes = three.compactMap { cut.pages($0) }
        #expect(Double(try #require(sizes.max())) <= 1.25 * Double(try #require(sizes.min())), "\(sizes)")
    }

    @Test func aMonthIsCutOnlyWhereItWasSplit() throws {
        // Parts 2 and 3 are one month split between days. Cutting between them gives the most
        // even set (48 and 48 pages), but cuts at a month's end stay balanced (44 and 52): one is taken.
        let cut = partition([20, 20, 4, 4, 20, 20], limit: 200, months: [1, 2, 3, 3, 4, 5])
        #expect(cut.pages(0..<3) == 48 && cut.pages(3..<6) == 48)
        let volumes = try #require(cut.cut(into: 2)?.volumes)
        #expect(!volumes.contains { $0.lowerBound == 3 }, "\(volumes)")
        // When only a cut inside the month keeps the set within the limit, it is made.
        let forced = partition([20, 20, 100, 100, 20, 20], limit: 160, months: [1, 2, 3, 3, 4, 5])
        #expect(forced.cut(into: 2)?.volumes == [0..<3, 3..<6])
    }

    /// When the fewest volumes cannot be balanced, one more that can is taken ([60, 60, 60, 10]
    /// in two is 124 | 74; in three, 64 | 64 | 74); a set no count balances says so.
    @Test func theFewestBalancedVolumesAreTakenOverFewerUnbalancedOnes() throws {
        let found = try #require(partition([60, 60, 60, 10], limit: 130).fewest())
        #expect(found.isBalanced && found.volumes.count == 3, "\(found)")
        let lopsided = try #require(partition([120, 10], limit: 130).fewest())
        #expect(!lopsided.isBalanced && lopsided.volumes.count == 2)
    }

    @Test func aCountThatCannotHoldTheBookIsRefused() {
        #expect(partition([100, 100, 100], limit: 150).cut(into: 2) == nil)
        #expect(partition([100, 100], limit: 150).cut(into: 3) == nil)
        #expect(partition([100, 100, 100], limit: 150).cut(into: 3) != nil)
    }
}
