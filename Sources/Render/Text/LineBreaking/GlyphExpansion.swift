/// Glyph expansion as pdfTeX's microtype does it (`\pdfadjustspacing`): each line may widen or
/// narrow its glyphs by up to `limit`, in steps of half a percent, which gives the breaker
/// stretch and shrink beyond the spaces' so fewer lines need wide spaces. The line is drawn
/// scaled horizontally as a whole, spaces included, so its whole natural width is elastic.
struct GlyphExpansion: Equatable, Sendable {
    /// The step pdfTeX's font expansion uses; finer steps would not be seen.
    static let step = 0.005
    /// The most any product may ask for: beyond it the eye sees wide or narrow letters.
    static let largest = 0.02

    /// How far a line's glyphs may widen or narrow, as a fraction of their width.
    let limit: Double

    static let none = GlyphExpansion(percent: 0)

    /// `percent` as the product gives it, rounded to the step and kept within `largest`.
    init(percent: Double) {
        let fraction = percent.isFinite ? min(max(percent / 100, 0), Self.largest) : 0
        limit = (fraction / Self.step).rounded() * Self.step
    }

    /// The share of the glyphs' elasticity the breaker counts. Given all of it, the breaker
    /// spent it on avoiding hyphens rather than on even spaces (the Russian year came out
    /// looser); given half, a line still draws on the whole `limit` (`factor(ratio:)`), so the
    /// breaker sees lines a little looser than they are set and still evens them out.
    static let countedShare = 0.5

    /// What a line of natural width `natural` may stretch or shrink by its glyphs, as the
    /// breaker counts it.
    func elasticity(natural: Double) -> Double { Self.countedShare * limit * max(natural, 0) }

    /// The horizontal scale of a line set at adjustment ratio `ratio`: its glyphs take their
    /// share of the adjustment up to `limit` (the spaces take the rest), rounded to the step.
    func factor(ratio: Double) -> Double {
        guard limit > 0, ratio.isFinite else { return 1 }
        let share = min(max(ratio, -1), 1) * limit
        return 1 + (share / Self.step).rounded() * Self.step
    }
}
