import Prepress

/// One line of text as Pango set it, in plain values: its glyph runs with their fonts, positions
/// and the text each spells. The painter draws it without its paragraph, and a
/// page frame carries it (see `PageFrame`).
struct SetLine {
    /// Where the line starts (its first glyph's origin) from the paragraph's left edge, and its
    /// baseline from the top of its line box.
    var x: Double
    var baseline: Double
    var height: Double
    /// The horizontal scale its glyphs are drawn at from its start (`GlyphExpansion`); 1 for most.
    var scale: Double
    /// In the order of the text, not of the page: drawn so, the PDF holds a line that mixes
    /// directions as it was written (a right-to-left run's own glyphs Cairo already writes in
    /// the order of its clusters), and whoever reads its content reads the writer's order.
    var runs: [GlyphRun]
    /// What the line says, in logical order, as its paragraph's text holds it (a soft hyphen where
    /// the line breaks at one).
    var text: String
}

/// Glyphs of one font and one direction, with the text they spell and how its clusters map to
/// them: what Cairo needs to write glyphs that copy and search as their text.
struct GlyphRun {
    struct Glyph {
        var index: UInt
        /// From the line's origin: along the line, and down from the baseline.
        var x: Double
        var y: Double
    }

    /// How many bytes of `text` and how many glyphs one cluster takes, in the text's order (a
    /// backward run's clusters take their glyphs from the last).
    struct Cluster {
        var bytes: Int
        var glyphs: Int
    }

    var font: ScaledFont
    var glyphs: [Glyph]
    var text: String
    var clusters: [Cluster]
    /// Right to left: the clusters run through the glyphs from the last.
    var backward: Bool
    /// Characters no font could draw, each with the box drawn in its place (from the line's
    /// origin; none for an emoji).
    var missing: [Missing]
    /// A colour font's glyphs, drawn as pictures; `glyphs` then are invisible carriers of their
    /// text (`ColourBitmaps`).
    var pictures: [ColourGlyph] = []
    /// A colour font's run: its glyphs are carriers, drawn only under its pictures.
    var drawsPictures = false
    /// A highlight behind the run, and a strikethrough over it.
    var background: (box: Box, colour: RGB)?
    var strikethrough: Box?

    struct Box: Equatable {
        var x, y, width, height: Double
    }

    struct Missing: Equatable {
        var character: UInt32
        var box: Box?
    }

    struct RGB: Equatable {
        var red, green, blue: Double
    }
}

extension GlyphRun {
    /// The text as the PDF holds it: clusters of several characters with a right-to-left one
    /// among them reversed, so poppler and MuPDF copy them as typed (`RightToLeftClusters`),
    /// whatever the run's direction, as those readers decide by the characters.
    var writtenText: String {
        // Most runs hold no right-to-left character (a Cyrillic or accented one is two bytes,
        // not two characters): they are written as they are, without being cut into clusters.
        guard text.unicodeScalars.contains(where: RightToLeftClusters.isRightToLeft) else { return text }
        let bytes = Array(text.utf8)
        var written = ""
        var start = 0
        for cluster in clusters {
            let end = min(bytes.count, start + cluster.bytes)
            written += RightToLeftClusters.written(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
        }
        return written
    }
}
