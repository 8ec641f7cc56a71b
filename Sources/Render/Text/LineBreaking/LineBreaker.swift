/// Whole-paragraph line breaking after Knuth and Plass, "Breaking paragraphs into lines"
/// (1981): of all the ways to break the paragraph, the one with the least total demerits, found
/// by dynamic programming over an active list of feasible breaks. Pure Swift, no Pango: it sees
/// only widths.
///
/// Each pass allows a looser adjustment ratio than the one before; the last allows any and, when
/// even then nothing fits (a word wider than the measure), breaks anyway where the last active
/// break would otherwise be lost (TeX's "artificial demerits"), so every paragraph ends after one
/// scan of its items per pass.
struct LineBreaker: Sendable {
    var parameters = LineBreakingParameters()
    /// Off unless the product asks for it (`glyph_expansion`).
    var expansion = GlyphExpansion.none

    /// Past this many active breaks the costliest are dropped, so a pathological paragraph
    /// (thousands of tiny boxes on a very loose pass) stays linear in its length.
    static let maximumActiveNodes = 256

    private struct Node {
        var position: Int
        var line: Int
        var fitness: FitnessClass
        var hyphenRun: Int
        var width: Double, stretch: Double, shrink: Double
        var demerits: Double
        var ratio: Double
        var previous: Int?
        /// Whether this line or one before it cannot be justified: wider than the measure even
        /// fully shrunk, or short of it with nothing to stretch.
        var overfull = false
    }

    private struct Candidate {
        var node: Int
        var demerits: Double
        var ratio: Double
        var overfull: Bool
    }

    /// Breaks `items` (which must end in a forced break, see `LineItem.finishing`) into lines
    /// of `lineWidths` (line 0 first; the last width serves every later line).
    func breakLines(_ items: [LineItem], lineWidths: [Double]) -> LineBreaks {
        guard !items.isEmpty, !lineWidths.isEmpty else { return LineBreaks(positions: [], ratios: [], isFallback: false) }
        for tolerance in parameters.tolerances {
            if let found = pass(items, lineWidths: lineWidths, tolerance: tolerance, isFinal: false) { return found }
        }
        // The final pass always ends at the paragraph's end; it may have to leave a line that
        // cannot be justified (see `LineBreaks.isOverfull`).
        return pass(items, lineWidths: lineWidths, tolerance: .infinity, isFinal: true)
            ?? LineBreaks(positions: [items.count - 1], ratios: [0], isFallback: true, isOverfull: true)
    }

    /// The least-demerits breaks of `items` into exactly `lineCount` lines within the first
    /// pass's tolerance, or nil when there are none: TeX's \looseness, which pagination asks for
    /// (one line more or less) to avoid a widow.
    func breakLines(_ items: [LineItem], lineWidths: [Double], lineCount: Int) -> LineBreaks? {
        guard !items.isEmpty, !lineWidths.isEmpty, lineCount > 0, let tolerance = parameters.tolerances.first else { return nil }
        return pass(items, lineWidths: lineWidths, tolerance: tolerance, isFinal: false, lineCount: lineCount)
    }

    /// One scan of `items`. With `lineCount`, breaks on different lines are kept apart (TeX
    /// does so when its looseness is not 0) and only an ending on that line is taken.
    private func pass(_ items: [LineItem], lineWidths: [Double], tolerance: Double, isFinal: Bool,
                      lineCount: Int? = nil) -> LineBreaks? {
        let longestRun = lineCount == nil ? parameters.longestHyphenRun : parameters.longestHyphenRunInLineCount
        var nodes = [Node(position: 0, line: 0, fitness: .decent, hyphenRun: 0, width: 0, stretch: 0, shrink: 0,
                          demerits: 0, ratio: 0, previous: nil)]
        var active = [0]
        var width = 0.0, stretch = 0.0, shrink = 0.0
        for (index, item) in items.enumerated() {
            switch item {
            case .box(let boxWidth):
                width += boxWidth
            case .glue(let glueWidth, let glueStretch, let glueShrink):
                if index > 0, case .box = items[index - 1] {
                    consider(index, items: items, lineWidths: lineWidths, tolerance: tolerance, isFinal: isFinal,
                             keepsLinesApart: lineCount != nil, longestRun: longestRun, totals: (width, stretch, shrink),
                             nodes: &nodes, active: &active)
                }
                width += glueWidth
                stretch += glueStretch
                shrink += glueShrink
            case .penalty(_, let cost, _):
                if cost < LineItem.infinitePenalty {
                    consider(index, items: items, lineWidths: lineWidths, tolerance: tolerance, isFinal: isFinal,
                             keepsLinesApart: lineCount != nil, longestRun: longestRun, totals: (width, stretch, shrink),
                             nodes: &nodes, active: &active)
                }
            }
            if active.isEmpty { return nil }
        }
        let last = items.count - 1
        let endings = active.filter { nodes[$0].position == last && (lineCount == nil || nodes[$0].line == lineCount) }
        guard let best = endings.min(by: { nodes[$0].demerits < nodes[$1].demerits }) else { return nil }
        var positions: [Int] = [], ratios: [Double] = []
        var cursor: Int? = best
        while let current = cursor, let previous = nodes[current].previous {
            positions.append(nodes[current].position)
            ratios.append(nodes[current].ratio)
            cursor = previous
        }
        var breaks = LineBreaks(positions: positions.reversed(), ratios: ratios.reversed(), isFallback: isFinal,
                                isOverfull: nodes[best].overfull)
        if expansion.limit > 0 { breaks.expansions = breaks.ratios.map(expansion.factor(ratio:)) }
        return breaks
    }

    /// Tries a break at `index` from every active node: records the best new break per fitness
    /// class and hyphen run (and line, when `keepsLinesApart`), and retires active nodes the
    /// line has outgrown.
    private func consider(_ index: Int, items: [LineItem], lineWidths: [Double], tolerance: Double, isFinal: Bool,
                          keepsLinesApart: Bool, longestRun: Int, totals: (Double, Double, Double), nodes: inout [Node], active: inout [Int]) {
        var penaltyWidth = 0.0, cost = 0.0, flagged = false
        if case .penalty(let w, let c, let f) = items[index] { (penaltyWidth, cost, flagged) = (w, c, f) }
        let forced = cost <= -LineItem.infinitePenalty
        var best: [Int: Candidate] = [:]
        var kept: [Int] = []
        kept.reserveCapacity(active.count)
        for (offset, nodeIndex) in active.enumerated() {
            let node = nodes[nodeIndex]
            let target = lineWidths[min(node.line, lineWidths.count - 1)]
            let natural = totals.0 - node.width + penaltyWidth
            let elastic = expansion.elasticity(natural: natural)
            let ratio = Self.ratio(natural: natural, target: target, stretch: totals.1 - node.stretch + elastic,
                                   shrink: totals.2 - node.shrink + elastic)
            let run = flagged ? node.hyphenRun + 1 : 0
            let retire = ratio < -1 || forced
            let isLastChance = isFinal && retire && best.isEmpty && offset == active.count - 1 && kept.isEmpty
            if (ratio >= -1 && ratio <= tolerance && run <= longestRun) || isLastChance {
                var demerits = isLastChance && ratio < -1 ? 0 : demeritsOf(ratio: ratio, cost: cost, forced: forced, capped: !isFinal)
                if flagged && node.hyphenRun > 0 { demerits += parameters.consecutiveFlaggedDemerits }
                if forced && index == items.count - 1 && node.hyphenRun > 0 && node.previous != nil {
                    demerits += parameters.finalFlaggedDemerits
                }
                let fitness = FitnessClass(ratio: max(ratio, -1))
                if node.previous != nil && !fitness.isAdjacent(to: node.fitness) { demerits += parameters.fitnessDemerits }
                let total = node.demerits + demerits
                let key = (keepsLinesApart ? node.line + 1 : 0) * 4_000 + fitness.rawValue * 1_000 + min(run, 999)
                if best[key].map({ total < $0.demerits }) ?? true {
                    best[key] = Candidate(node: nodeIndex, demerits: total, ratio: ratio.isFinite ? ratio : (ratio < 0 ? -1 : 0),
                                          overfull: node.overfull || ratio < -1 || ratio == .infinity)
                }
            }
            if !retire { kept.append(nodeIndex) }
        }
        active = kept
        guard !best.isEmpty else { return }
        let after = Self.totalsAfterBreak(at: index, items: items, totals: totals)
        for key in best.keys.sorted() {
            guard let candidate = best[key] else { continue }
            let from = nodes[candidate.node]
            nodes.append(Node(position: index, line: from.line + 1, fitness: FitnessClass(rawValue: key % 4_000 / 1_000) ?? .decent,
                              hyphenRun: key % 1_000, width: after.0, stretch: after.1, shrink: after.2,
                              demerits: candidate.demerits, ratio: candidate.ratio, previous: candidate.node,
                              overfull: candidate.overfull))
            active.append(nodes.count - 1)
        }
        if active.count > Self.maximumActiveNodes {
            active.sort { nodes[$0].demerits < nodes[$1].demerits }
            active.removeLast(active.count - Self.maximumActiveNodes)
        }
    }

    /// How much of its stretch (positive) or shrink (negative) a line uses to reach `target`.
    static func ratio(natural: Double, target: Double, stretch: Double, shrink: Double) -> Double {
        if natural < target { return stretch > 0 ? (target - natural) / stretch : .infinity }
        if natural > target { return shrink > 0 ? (target - natural) / shrink : -.infinity }
        return 0
    }

    /// TeX caps badness at 10,000 ("infinitely bad"); the last pass does not, so that among
    /// lines all too loose it still prefers the less loose and spreads the looseness evenly.
    private func demeritsOf(ratio: Double, cost: Double, forced: Bool, capped: Bool) -> Double {
        let limit = capped ? 10_000 : 1e12
        let badness = ratio.isFinite ? min(100 * pow3(abs(ratio)), limit) : limit
        let base = min(parameters.linePenalty + badness, limit)
        var demerits = base * base
        if cost >= 0 { demerits += cost * cost } else if !forced { demerits -= cost * cost }
        return demerits
    }

    private func pow3(_ x: Double) -> Double { x * x * x }

    /// The totals a line starting after a break at `index` begins from: glue and penalties
    /// right after a break are discarded, up to the next box or forced break.
    private static func totalsAfterBreak(at index: Int, items: [LineItem], totals: (Double, Double, Double)) -> (Double, Double, Double) {
        var (width, stretch, shrink) = totals
        var cursor = index
        while cursor < items.count {
            switch items[cursor] {
            case .box:
                return (width, stretch, shrink)
            case .glue(let w, let y, let z):
                width += w
                stretch += y
                shrink += z
            case .penalty(_, let cost, _):
                if cost <= -LineItem.infinitePenalty && cursor > index { return (width, stretch, shrink) }
            }
            cursor += 1
        }
        return (width, stretch, shrink)
    }
}
