/// The knobs of the Knuth–Plass breaker, with TeX's defaults where Folio has no reason to differ.
struct LineBreakingParameters: Sendable {
    /// Adjustment ratios allowed on the passes before the last, loosest tried last; the last
    /// pass takes whatever is least bad (see `LineBreaker`). A space stretches by its own width
    /// (`ParagraphItems.stretchShare`), so 1.5 lets it grow to 2.5 times its width and 3 to four
    /// times. On the bench year a first pass at 1 hyphenated 5.9 % of the lines against 1.5 %,
    /// for 4.1 % loose lines (gaps over 1.5× the median) against 4.5 %.
    var tolerances: [Double] = [1.5, 3]
    /// Added to every line's badness before squaring: fewer lines are better (TeX's \linepenalty).
    var linePenalty = 10.0
    /// Two hyphenated lines in a row (TeX's \doublehyphendemerits). TeX's 10,000 let the
    /// bench's English year end two lines in a row with a hyphen where Typst's has none; 50,000
    /// does not, and in Russian trades a point of hyphenated lines for a point of loose ones.
    var consecutiveFlaggedDemerits = 50_000.0
    /// A hyphen on the last full line, just before the paragraph's last (\finalhyphendemerits).
    var finalFlaggedDemerits = 5_000.0
    /// A line whose fitness class is not next to the previous line's: a tight line after a loose
    /// one (\adjdemerits).
    var fitnessDemerits = 10_000.0
    /// The most lines in a row that may end in a hyphen (on every pass; only a break forced
    /// by an overfull line may exceed it).
    var longestHyphenRun = 2
    /// The same when pagination asks for a line more or less (`breakLines(_:lineWidths:lineCount:)`):
    /// a setting made only to fill a page takes no two hyphens in a row. On the bench's English
    /// year, such a setting was where its only pair of hyphenated lines came from.
    var longestHyphenRunInLineCount = 1

    init() {}

    init(tolerances: [Double], linePenalty: Double, consecutiveFlaggedDemerits: Double,
         finalFlaggedDemerits: Double, fitnessDemerits: Double, longestHyphenRun: Int, longestHyphenRunInLineCount: Int? = nil) {
        self.tolerances = tolerances
        self.linePenalty = linePenalty
        self.consecutiveFlaggedDemerits = consecutiveFlaggedDemerits
        self.finalFlaggedDemerits = finalFlaggedDemerits
        self.fitnessDemerits = fitnessDemerits
        self.longestHyphenRun = longestHyphenRun
        self.longestHyphenRunInLineCount = longestHyphenRunInLineCount ?? longestHyphenRun
    }
}
