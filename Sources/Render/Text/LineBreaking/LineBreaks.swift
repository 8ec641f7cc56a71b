/// The breaker's answer: where each line ends and how much its glue is stretched or shrunk.
struct LineBreaks: Equatable, Sendable {
    /// Index of the item each line breaks at, in order; the last is the paragraph's end.
    var positions: [Int]
    /// Each line's adjustment ratio: its glue's stretch (positive) or shrink (negative) used.
    var ratios: [Double]
    /// True when no set of breaks fitted any tolerance and the least bad one was taken.
    var isFallback: Bool
}
