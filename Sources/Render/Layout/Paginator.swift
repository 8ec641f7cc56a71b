/// Breaks a flow of blocks into pages of a fixed text height.
///
/// Rules, in order of strength: every step places something (no input can loop); no widows or
/// orphans (at least `minimumLines` of a paragraph at the foot and at the head of a page); a
/// block marked keep-with-next never ends a page; a figure never splits. When the rules cannot
/// all be met on an empty page, progress wins: a line taller than the page is placed alone.
///
/// Where keeping a paragraph's widow or orphan rule would leave lines empty at a page's foot,
/// the paragraph is asked for a setting one line shorter that fits whole, then for one a line
/// longer that splits there by the rules (`LineCountSettings`); a hole is left only when neither
/// exists.
struct Paginator {
    enum Failure: Error, CustomStringConvertible {
        case noProgress(block: Int)

        var description: String {
            switch self {
            case .noProgress(let block): "pagination made no progress at block \(block)"
            }
        }
    }

    /// The pages, and the paragraphs set again in another number of lines to fill them.
    struct Pagination {
        var pages: [[Placement]]
        /// Paragraph → the number of lines it is now set in; its placements count those lines.
        var lineCounts: [Int: Int] = [:]
    }

    var areaHeight: Double
    var minimumLines = 2

    /// Pages of placements, every paragraph in the lines it came with.
    func paginate(_ blocks: [FlowBlock], firstPageTop: Double = 0) throws(Failure) -> [[Placement]] {
        try paginate(blocks, firstPageTop: firstPageTop, settings: nil).pages
    }

    /// Pages of placements. `firstPageTop` leaves room at the top of the first page (a chapter
    /// opener's sink); `settings` gives paragraphs in a line more or less.
    func paginate(_ blocks: [FlowBlock], firstPageTop: Double = 0,
                  settings: (any LineCountSettings)?) throws(Failure) -> Pagination {
        var blocks = blocks
        var lineCounts: [Int: Int] = [:]
        var asked = Set<Int>()
        var pages: [[Placement]] = [[]]
        var y = firstPageTop
        var pageIsEmpty = true
        var index = 0
        var firstLine = 0
        // Each step places at least one line, starts a page from a non-empty one or sets a
        // paragraph again (once, a line more at most), so 2 × (lines + 2 × blocks) + 2 steps
        // always suffice; more means a bug, not a long book.
        let stepLimit = 2 * blocks.reduce(0) { $0 + $1.lineCount + 2 } + 2
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
                let needed = total + (block.keepWithNext ? followingMinimum(index, blocks, throughFigures: true) : 0)
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
                var count = mustStayWhole ? fitting : linesByTheRules(heights, fitting: fitting)
                if count < fitting, firstLine == 0, case .text(let paragraph, _) = block.content, let settings,
                   asked.insert(index).inserted,
                   let other = fuller(heights.count, of: paragraph, in: room, settings: settings) {
                    blocks[index].content = .text(paragraph: paragraph, lineHeights: other)
                    lineCounts[paragraph] = other.count
                    continue
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
        return Pagination(pages: pages, lineCounts: lineCounts)
    }

    /// How many of a splittable paragraph's lines to place where `fitting` fit: none rather
    /// than an orphan, fewer rather than a widow.
    private func linesByTheRules(_ heights: [Double], fitting: Int) -> Int {
        var count = fitting
        if heights.count - count < minimumLines { count = heights.count - minimumLines }
        return count < minimumLines ? 0 : count
    }

    /// The paragraph's line heights one line shorter if it then fits `room` whole, else one line
    /// longer if it then splits by the rules with no line of `room` left empty.
    private func fuller(_ lineCount: Int, of paragraph: Int, in room: Double, settings: any LineCountSettings) -> [Double]? {
        if lineCount > 1, let fewer = settings.lineHeights(paragraph: paragraph, lineCount: lineCount - 1),
           fewer.reduce(0, +) <= room {
            return fewer
        }
        if let more = settings.lineHeights(paragraph: paragraph, lineCount: lineCount + 1) {
            let fitting = linesFitting(more, in: room)
            if fitting > 0 && linesByTheRules(more, fitting: fitting) == fitting { return more }
        }
        return nil
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

    /// The least of the next block that must share the page with block `index`. `throughFigures`
    /// (for a text block kept with the next): a figure is placed only with the least of what
    /// follows it, so what is kept with the figure needs room for that too, or it would stand
    /// alone at the page's foot while the figure moves on (an entry's head before its photo).
    private func followingMinimum(_ index: Int, _ blocks: [FlowBlock], throughFigures: Bool = false) -> Double {
        guard index + 1 < blocks.count else { return 0 }
        let next = blocks[index + 1]
        switch next.content {
        case .figure(_, let height):
            return next.spaceBefore + height + (throughFigures ? followingMinimum(index + 1, blocks) : 0)
        case .text(_, let heights):
            // A paragraph too short to leave `minimumLines` on both pages cannot split at all.
            let canSplit = next.splittable && !next.keepWithNext && heights.count >= 2 * minimumLines
            let lines = canSplit ? minimumLines : heights.count
            let own = next.spaceBefore + heights.prefix(lines).reduce(0, +)
            return next.keepWithNext ? own + followingMinimum(index + 1, blocks, throughFigures: throughFigures) : own
        }
    }
}
