/// Where pagination may ask for a paragraph set again in one line more or one line less (TeX's
/// looseness ±1), to fill a page a widow or an orphan would leave a line short. Heights only,
/// so the paginator stays free of Pango.
protocol LineCountSettings {
    /// The line heights of `paragraph` set in exactly `lineCount` lines, or nil when it cannot
    /// be set so within the breaker's tolerance.
    func lineHeights(paragraph: Int, lineCount: Int) -> [Double]?
}
