/// Breaks a flow of blocks into pages of a fixed text height.
///
/// Rules, in order of strength: every step places something (no input can loop); no widows or
/// orphans (at least `minimumLines` of a paragraph at the foot and at the head of a page); a
/// block marked keep-with-next never ends a page; a figure never splits. When the rules cannot
/// all be met on an empty page, progress wins: a line taller than the page is placed alone.
struct Paginator {
    enum Failure: Error, CustomStringConvertible {
        case noProgress(block: Int)

        var description: String {
            switch self {
            case .noProgress(let block): "pagination made no progress at block \(block)"
            }
        }
    }

    var areaHeight: Double
    var minimumLines = 2

    /// Pages of placements. `firstPageTop` leaves room at the top of the first page (a chapter
    /// opener's sink).
    func paginate(_ blocks: [FlowBlock], firstPageTop: Double = 0) throws(Failure) -> [[Placement]] {
        var pages: [[Placement]] = [[]]
        var y = firstPageTop
        var pageIsEmpty = true
        var index = 0
        var firstLine = 0
        // Each step places at least one line or starts a page from a non-empty one, so
        // 2 × (lines + blocks) + 2 steps always suffice; more means a bug, not a long book.
        let stepLimit = 2 * blocks.reduce(0) { $0 + $1.lineCount + 1 } + 2
        var steps = 0

        func startPage() {
            pages.append([])
            y = 0
            pageIsEmpty = true
        }
        func place(_ lines: Range<Int>, height: Double, before: Double) {
            pages[pages.count - 1].append(Placement(block: index, lines: lines, y: y + before))
            y += before + height
            pageIsEmpty = false
        }

        while index < blocks.count {
            steps += 1
            if steps > stepLimit { throw .noProgress(block: index) }
            let block = blocks[index]
            let before = pageIsEmpty || firstLine > 0 ? 0 : block.spaceBefore
            let room = areaHeight - y - before
            switch block.content {
            case .figure(_, let height):
                if height + followingMinimum(index, blocks) > room && !pageIsEmpty {
                    startPage()
                    continue
                }
                place(0..<1, height: height, before: before)
                index += 1
            case .text(_, let allHeights):
                let heights = Array(allHeights[firstLine...])
                let total = heights.reduce(0, +)
                let mustStayWhole = !block.splittable || block.keepWithNext
                let needed = total + (block.keepWithNext ? followingMinimum(index, blocks) : 0)
                if needed <= room || heights.isEmpty {
                    place(firstLine..<allHeights.count, height: total, before: before)
                    index += 1
                    firstLine = 0
                    continue
                }
                if mustStayWhole && !pageIsEmpty {
                    startPage()
                    continue
                }
                let fitting = linesFitting(heights, in: room)
                var count = fitting
                if !mustStayWhole {
                    if heights.count - count < minimumLines { count = heights.count - minimumLines }
                    if count < minimumLines { count = 0 }
                }
                if count <= 0 {
                    if !pageIsEmpty {
                        startPage()
                        continue
                    }
                    // An empty page cannot satisfy the rules: place what fits, at least one line.
                    count = max(1, fitting)
                }
                count = min(count, heights.count)
                place(firstLine..<(firstLine + count), height: heights[0..<count].reduce(0, +), before: before)
                firstLine += count
                if firstLine >= allHeights.count {
                    index += 1
                    firstLine = 0
                } else {
                    startPage()
                }
            }
        }
        if pages.count > 1 && pages[pages.count - 1].isEmpty { pages.removeLast() }
        return pages
    }

    private func linesFitting(_ heights: [Double], in room: Double) -> Int {
        var used = 0.0
        var count = 0
        for height in heights {
            // A small tolerance absorbs floating-point sums of identical line heights.
            if used + height > room + 0.001 { break }
            used += height
            count += 1
        }
        return count
    }

    /// The least of the next block that must share the page with a keep-with-next block.
    private func followingMinimum(_ index: Int, _ blocks: [FlowBlock]) -> Double {
        guard index + 1 < blocks.count else { return 0 }
        let next = blocks[index + 1]
        switch next.content {
        case .figure(_, let height): return next.spaceBefore + height
        case .text(_, let heights):
            // A paragraph too short to leave `minimumLines` on both pages cannot split at all.
            let canSplit = next.splittable && !next.keepWithNext && heights.count >= 2 * minimumLines
            let lines = canSplit ? minimumLines : heights.count
            let own = next.spaceBefore + heights.prefix(lines).reduce(0, +)
            return next.keepWithNext ? own + followingMinimum(index + 1, blocks) : own
        }
    }
}
