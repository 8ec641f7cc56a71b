import Synchronization

/// The whole-paragraph breaks a set's measuring pass found, kept for the pass that draws the
/// volumes (issue 37). Both set the same paragraphs at the same widths, and finding the breaks
/// (measuring the words, then Knuth–Plass) was a tenth of each pass. Pango still shapes every
/// paragraph anew to draw it and must take the breaks as given, as in any book; what is kept
/// is only where the lines end. A paragraph is kept as often as it was measured and taken as
/// often as it is drawn, so the memory empties as the volumes are drawn.
public final class LineBreakMemory: Sendable {
    /// What decides a paragraph's breaks: its markup, face, width and style (and, when set in
    /// a given number of lines, that number); the typography and language are the book's. The
    /// markup as bytes: Swift's strings are equal when canonically equivalent, and the breaks
    /// are byte offsets into the text as typed ("é" as one character or as "e" and an accent).
    struct Paragraph: Hashable, Sendable {
        var markup: [UInt8]
        var font: String
        var width: Double
        var style: ParagraphStyle
        var lineCount: Int?

        init(markup: String, font: String, width: Double, style: ParagraphStyle, lineCount: Int?) {
            self.markup = Array(markup.utf8)
            self.font = font
            self.width = width
            self.style = style
            self.lineCount = lineCount
        }
    }

    /// A set's two passes over its paragraphs: the measuring one keeps their breaks, the
    /// drawing one takes them.
    enum Pass {
        case measuring(LineBreakMemory)
        case drawing(LineBreakMemory)
    }

    private struct Kept {
        /// nil for a paragraph that keeps Pango's own breaking.
        var decision: WholeParagraphBreaking.Decision?
        var times: Int
    }

    private let kept = Mutex<[Paragraph: Kept]>([:])

    public init() {}

    /// The paragraphs kept and not yet taken as often as kept.
    public var count: Int { kept.withLock { $0.count } }

    func keep(_ decision: WholeParagraphBreaking.Decision?, for paragraph: Paragraph) {
        kept.withLock { $0[paragraph, default: Kept(decision: decision, times: 0)].times += 1 }
    }

    /// The decision kept for `paragraph`; nil when none was kept or it was taken as often.
    func take(_ paragraph: Paragraph) -> WholeParagraphBreaking.Decision?? {
        kept.withLock { kept in
            guard let found = kept[paragraph] else { return nil }
            if found.times > 1 { kept[paragraph]?.times -= 1 } else { kept[paragraph] = nil }
            return .some(found.decision)
        }
    }

    /// Forgets what is left once every volume is drawn.
    public func forget() {
        kept.withLock { $0 = [:] }
    }
}
