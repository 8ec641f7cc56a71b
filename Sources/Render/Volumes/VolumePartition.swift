/// Where a long book is cut into volumes (issue 37), from the real page count of each of its
/// parts: pure arithmetic, tested without a renderer.
///
/// A part is a month chapter (or a day-run of a month too long for one volume). A volume's
/// pages are its front matter, its parts each opening on a recto, then padding to the product's
/// rules. Among the cuts that keep every volume within `limit` and the set balanced (the
/// largest at most 1.25 times the smallest), the chosen one cuts a month between days only
/// where it must, else at a year's end wherever it can, and then is as even as it can be.
struct VolumePartition {
    struct Part: Equatable {
        /// The part's own pages: opener and body, without the blank that puts it on a recto.
        var pages: Int
        var year: Int
        /// Parts of one month split between days share this.
        var month: Int
    }

    var parts: [Part]
    /// The largest volume, in pages (the product's maximum, or the order's `max_pages`).
    var limit: Int
    /// Front matter before the first part: title page, its blank verso.
    var frontPages = 2
    /// Contents lines a page holds: a volume's contents take a page per this many parts.
    var contentsCapacity: Int
    /// The product's rules: the padded count, nil when over the product's maximum.
    var padded: (Int) -> Int?

    static let balance = 1.25

    /// The pages of a volume holding `range` of the parts, padded; nil when it cannot be printed.
    func pages(_ range: Range<Int>) -> Int? {
        let capacity = max(1, contentsCapacity)
        var pages = frontPages + max(1, (range.count + capacity - 1) / capacity)
        for part in parts[range] {
            if pages % 2 == 1 { pages += 1 }
            pages += part.pages
        }
        guard let padded = padded(pages), padded <= limit else { return nil }
        return padded
    }

    /// A cut, and whether it keeps the set balanced.
    struct Cut: Equatable {
        var volumes: [Range<Int>]
        var isBalanced: Bool
    }

    /// The cut into `count` volumes, or nil when no cut keeps every volume within the limit.
    /// Balanced when one can be; otherwise the cut whose largest volume is least.
    func cut(into count: Int) -> Cut? { cut(into: count, sizeTable()) }

    private func cut(into count: Int, _ sizes: [[Int?]]) -> Cut? {
        guard count >= 1, count <= parts.count, let least = leastLargest(count, sizes) else { return nil }
        var best: (cost: Cost, cut: [Range<Int>])?
        // Every balanced set has its smallest volume between least ÷ 1.25 and the limit; each
        // window of sizes is searched for its cheapest cut, the least even last.
        let lowest = Int((Double(least) / Self.balance).rounded(.up))
        for smallest in stride(from: limit, through: lowest, by: -1) {
            let largest = min(limit, Int(Double(smallest) * Self.balance))
            guard let found = cheapest(count, sizes, within: smallest...largest) else { continue }
            if let known = best, !(found.cost < known.cost) { continue }
            best = found
            if found.cost.monthCuts == 0 && found.cost.yearlessCuts == 0 && found.cost.spread <= 2 { break }
        }
        if let best { return Cut(volumes: best.cut, isBalanced: true) }
        return cheapest(count, sizes, within: 0...least).map { Cut(volumes: $0.cut, isBalanced: false) }
    }

    /// The fewest volumes that hold the book balanced; when no balanced set of up to four more
    /// volumes than the fewest exists, the fewest (the planner says it is unbalanced).
    func fewest() -> Cut? {
        let sizes = sizeTable()
        let total = parts.reduce(0) { $0 + $1.pages }
        let start = max(1, total / max(1, limit))
        var first: Cut?
        var tried = 0
        for count in start...max(start, parts.count) {
            guard let cut = cut(into: count, sizes) else { continue }
            if cut.isBalanced { return cut }
            first = first ?? cut
            tried += 1
            if tried > 4 { break }
        }
        return first
    }

    /// What a cut costs, least first: cuts inside a month, cuts not at a year's end, then the
    /// spread between the largest and the smallest volume.
    struct Cost: Comparable {
        var monthCuts = 0, yearlessCuts = 0, largest = 0, smallest = Int.max

        var spread: Int { largest - smallest }

        static func < (a: Cost, b: Cost) -> Bool {
            (a.monthCuts, a.yearlessCuts, a.spread, a.largest) < (b.monthCuts, b.yearlessCuts, b.spread, b.largest)
        }
    }

    /// `sizes[i][j - i - 1]`: the pages of a volume of parts i..<j, nil when it does not fit.
    private func sizeTable() -> [[Int?]] {
        (0..<parts.count).map { start in
            var row: [Int?] = []
            for end in (start + 1)...parts.count {
                let size = pages(start..<end)
                row.append(size)
                // Longer runs only grow past the limit (a page of contents or a part more).
                if size == nil && end - start > 1 && parts[start..<end].reduce(0, { $0 + $1.pages }) > limit { break }
            }
            return row
        }
    }

    private func size(_ sizes: [[Int?]], _ start: Int, _ end: Int) -> Int? {
        let row = sizes[start], index = end - start - 1
        return index < row.count ? row[index] : nil
    }

    /// The least possible largest volume over cuts into `count`.
    private func leastLargest(_ count: Int, _ sizes: [[Int?]]) -> Int? {
        let n = parts.count
        var best = [Int?](repeating: nil, count: n + 1)
        best[0] = 0
        for _ in 0..<count {
            var next = [Int?](repeating: nil, count: n + 1)
            for end in 1...n {
                for start in 0..<end {
                    guard let before = best[start], let size = size(sizes, start, end) else { continue }
                    let largest = max(before, size)
                    if let known = next[end], known <= largest { continue }
                    next[end] = largest
                }
            }
            best = next
        }
        return best[n]
    }

    /// The cheapest cut into `count` volumes whose sizes all lie `within`.
    private func cheapest(_ count: Int, _ sizes: [[Int?]], within window: ClosedRange<Int>) -> (cost: Cost, cut: [Range<Int>])? {
        let n = parts.count
        // levels[k][j]: the cheapest way to hold parts 0..<j in k + 1 volumes, and where its last one begins.
        var levels: [[(cost: Cost, start: Int)?]] = []
        var best = [(cost: Cost, start: Int)?](repeating: nil, count: n + 1)
        best[0] = (Cost(), 0)
        for _ in 0..<count {
            var next = [(cost: Cost, start: Int)?](repeating: nil, count: n + 1)
            for end in 1...n {
                for start in 0..<end {
                    guard let before = best[start], let size = size(sizes, start, end), window.contains(size) else { continue }
                    var cost = before.cost
                    if start > 0 {
                        let (left, right) = (parts[start - 1], parts[start])
                        if left.year == right.year && left.month == right.month {
                            cost.monthCuts += 1
                        } else if left.year == right.year {
                            cost.yearlessCuts += 1
                        }
                    }
                    cost.largest = max(cost.largest, size)
                    cost.smallest = min(cost.smallest, size)
                    if let known = next[end], !(cost < known.cost) { continue }
                    next[end] = (cost, start)
                }
            }
            levels.append(next)
            best = next
        }
        guard let last = best[n] else { return nil }
        var cut: [Range<Int>] = []
        var end = n
        for level in levels.reversed() {
            guard let step = level[end] else { return nil }
            cut.insert(step.start..<end, at: 0)
            end = step.start
        }
        return end == 0 ? (last.cost, cut) : nil
    }
}
