import CPangoCairo

/// The glyphs of one laid-out Pango line with the byte of the paragraph's text each belongs to
/// (its cluster's first byte), in visual order: how the measurer and the justification fix read
/// a line.
enum LineGlyphs {
    static func forEach(in line: UnsafeMutablePointer<PangoLayoutLine>, _ body: (_ byte: Int, _ glyph: UnsafeMutablePointer<PangoGlyphInfo>) -> Void) {
        var node = line.pointee.runs
        while let current = node {
            if let data = current.pointee.data {
                let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
                if let item = run.pointee.item, let glyphs = run.pointee.glyphs {
                    for index in 0..<Int(glyphs.pointee.num_glyphs) {
                        body(Int(item.pointee.offset) + Int(glyphs.pointee.log_clusters[index]), glyphs.pointee.glyphs + index)
                    }
                }
            }
            node = current.pointee.next
        }
    }
}
