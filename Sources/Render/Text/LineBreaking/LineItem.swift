/// One element of a paragraph as Knuth and Plass model it (1981): a box is material of fixed
/// width (a word or part of one), glue is space that may stretch or shrink and where the line
/// may break when a box precedes it, a penalty is a place where the line may break at a cost.
enum LineItem: Equatable, Sendable {
    case box(width: Double)
    case glue(width: Double, stretch: Double, shrink: Double)
    /// `width` is set only when the line breaks here (a hyphen); `flagged` marks hyphen breaks,
    /// whose repetition costs extra.
    case penalty(width: Double, cost: Double, flagged: Bool)

    /// A cost at or above this never breaks; at or below its negative always does.
    static let infinitePenalty = 10_000.0

    /// A break that must happen here (the end of the paragraph).
    static let forcedBreak = LineItem.penalty(width: 0, cost: -infinitePenalty, flagged: false)

    /// The glue and penalty that finish a paragraph: its last line is set at its natural width
    /// with the rest of the measure left empty.
    static func finishing() -> [LineItem] {
        [.penalty(width: 0, cost: infinitePenalty, flagged: false),
         .glue(width: 0, stretch: 1e6, shrink: 0),
         forcedBreak]
    }
}
