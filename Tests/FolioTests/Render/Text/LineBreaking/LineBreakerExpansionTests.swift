import Testing
@testable import Render

/// The breaker with glyph expansion: lines that no break lets the spaces alone justify.
@Suite struct LineBreakerExpansionTests {
    /// Three words of which two fit a line only if it grows by about 2 %: its spaces stretch by
    /// a tenth of what it needs.
    static func items(middle: Double) -> [LineItem] {
        [.box(width: 50), .glue(width: 1, stretch: 0.2, shrink: 0.1), .box(width: middle),
         .glue(width: 1, stretch: 0.2, shrink: 0.1), .box(width: 50)] + LineItem.finishing()
    }

    @Test func aLineTooShortForItsSpacesWidensItsGlyphs() {
        let plain = LineBreaker().breakLines(Self.items(middle: 48), lineWidths: [101])
        #expect(plain.isFallback)
        #expect(plain.expansions.isEmpty)
        var breaker = LineBreaker()
        breaker.expansion = GlyphExpansion(percent: 2)
        let expanded = breaker.breakLines(Self.items(middle: 48), lineWidths: [101])
        #expect(!expanded.isFallback)
        #expect(expanded.positions == [3, 7])
        // 99 of natural width needs 2 more: the breaker counts half the glyphs' 2 % (0.99) and
        // the spaces' 0.2, a ratio of 1.68 (the second pass's), so the glyphs widen by all 2 %.
        #expect(expanded.expansions.count == 2)
        #expect(expanded.expansions.first.map { abs($0 - 1.02) < 1e-9 } == true)
        #expect(expanded.expansions.last == 1)
    }

    @Test func aLineTooLongForItsSpacesNarrowsItsGlyphs() {
        var breaker = LineBreaker()
        breaker.expansion = GlyphExpansion(percent: 2)
        let expanded = breaker.breakLines(Self.items(middle: 51), lineWidths: [101])
        #expect(!expanded.isFallback)
        #expect(expanded.positions == [3, 7])
        #expect(expanded.expansions.first.map { abs($0 - 0.98) < 1e-9 } == true)
        #expect(LineBreaker().breakLines(Self.items(middle: 51), lineWidths: [101]).isFallback)
    }

    @Test func theLimitIsKeptWithinTwoPercentInHalfPercentSteps() {
        #expect(GlyphExpansion(percent: 5).limit == 0.02)
        #expect(abs(GlyphExpansion(percent: 1.3).limit - 0.015) < 1e-12)
        #expect(GlyphExpansion(percent: -1).limit == 0)
        let expansion = GlyphExpansion(percent: 2)
        #expect(abs(expansion.factor(ratio: 7) - 1.02) < 1e-12)
        #expect(expansion.factor(ratio: -.infinity) == 1)
        #expect(abs(expansion.factor(ratio: 0.3) - 1.005) < 1e-12)
        #expect(GlyphExpansion.none.factor(ratio: 1) == 1)
    }
}
