/// Margin kerning (hanging punctuation): small marks at a justified line's ends hang part-way
/// into the margin, so the text's edge looks straight to the eye rather than to the ruler. The
/// shares are pdfTeX/microtype's defaults for a text face, as a share of the glyph's advance.
struct MarginKerning: Sendable {
    /// Share of the advance a character at a line's end hangs past the measure.
    func rightShare(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case ",", ".", "-", "\u{2010}", "\u{AD}": 0.7
        case "\u{201D}", "\u{2019}", "\u{BB}", "\"", "'": 0.5
        case ";", ":", "\u{2013}": 0.5
        case "!", "?", "\u{2026}": 0.2
        case "\u{2014}": 0.2
        default: 0
        }
    }

    /// Share of the advance a character at a line's start hangs before it.
    func leftShare(_ scalar: Unicode.Scalar) -> Double {
        switch scalar {
        case "\u{201C}", "\u{2018}", "\u{201E}", "\u{AB}", "\"", "'": 0.5
        case "\u{2014}", "\u{2013}": 0.2
        default: 0
        }
    }

    func right(_ scalar: Unicode.Scalar, advance: Double) -> Double { rightShare(scalar) * advance }
    func left(_ scalar: Unicode.Scalar, advance: Double) -> Double { leftShare(scalar) * advance }
}
