/// The breaker's answer: where each line ends and how much its glue is stretched or shrunk.
struct LineBreaks: Equatable, Sendable {
    /// Index of the item each line breaks at, in order; the last is the paragraph's end.
    var positions: [Int]
    /// Each line's adjustment ratio: its glue's (and glyph expansion's) stretch (positive) or
    /// shrink (negative) used.
    var ratios: [Double]
    /// True when no set of breaks fitted any tolerance and the least bad one was taken.
    var isFallback: Bool
    /// True when some line cannot be justified: wider than its measure even with its glue fully
    /// shrunk (a word wider than the measure), or short of it with no glue to stretch (a lone
    /// word fragment). The caller should break such a paragraph some other way.
    var isOverfull = false
    /// Each line's horizontal glyph scale (`GlyphExpansion`); empty when expansion is off.
    var expansions: [Double] = []
}
