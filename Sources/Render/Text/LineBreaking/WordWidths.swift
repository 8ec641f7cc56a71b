import CPangoCairo

/// The job's widths of words, each shaped once: a diary repeats most of its words, and
/// shaping every paragraph whole on one line just to measure it was a quarter of the layout.
/// A paragraph's text is cut after each space ("word " with the space that follows it, so the
/// space is shaped in the font of the word before it, as Pango does in the paragraph); each
/// piece's advances, byte by byte, come from Pango shaping it alone on one line. Only pieces
/// that Pango sets as one run in the face's own font are kept; a paragraph with any other
/// (a fallback font, a change of script inside a word) or with attributes (markup) is measured
/// whole, as before.
final class WordWidths {
    private struct Key: Hashable {
        var font: String
        var text: [UInt8]
    }

    /// Bytes' advances in points, or nil when the piece is not set in the face's own font alone.
    private var pieces: [Key: [Double]?] = [:]
    /// The face's own font per description: the one Pango sets a lone space in.
    private var primaryFonts: [String: UnsafeMutablePointer<PangoFont>] = [:]
    private let layout: OpaquePointer
    /// A year's vocabulary is a few tens of thousands of pieces; past this the cache starts again.
    private static let capacity = 200_000

    init(context: OpaquePointer) {
        layout = pango_layout_new(context)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        primaryFonts.values.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }

    /// Each byte's advance in `text` (a cluster's whole advance on its first byte, one entry
    /// past the end), as Pango shaping `text` unbroken in `font` gives it; nil when some piece
    /// is not plain (see the type's note) and the paragraph must be shaped whole.
    func advances(of text: UnsafeBufferPointer<UInt8>, font: String) -> [Double]? {
        var result = [Double](repeating: 0, count: text.count + 1)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x20 { end += 1 }
            end = min(end + 1, text.count)
            let key = Key(font: font, text: Array(text[start..<end]))
            let piece: [Double]?
            if let known = pieces[key] {
                piece = known
            } else {
                piece = shape(key)
                if pieces.count >= Self.capacity { pieces.removeAll(keepingCapacity: true) }
                pieces[key] = piece
            }
            guard let piece else { return nil }
            for (offset, advance) in piece.enumerated() { result[start + offset] = advance }
            start = end
        }
        return result
    }

    private func shape(_ key: Key) -> [Double]? {
        guard let primary = primaryFont(key.font) else { return nil }
        setText(key.text, font: key.font)
        guard let line = pango_layout_get_line_readonly(layout, 0), let runs = line.pointee.runs, runs.pointee.next == nil,
              let run = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              run.pointee.item?.pointee.analysis.font == primary else { return nil }
        var advances = [Double](repeating: 0, count: key.text.count)
        LineGlyphs.forEach(in: line) { byte, glyph in
            guard byte < advances.count else { return }
            advances[byte] += Double(glyph.pointee.geometry.width) / Double(PANGO_SCALE)
        }
        return advances
    }

    private func primaryFont(_ font: String) -> UnsafeMutablePointer<PangoFont>? {
        if let known = primaryFonts[font] { return known }
        setText(Array(" ".utf8), font: font)
        guard let line = pango_layout_get_line_readonly(layout, 0),
              let run = line.pointee.runs?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
              let primary = run.pointee.item?.pointee.analysis.font else { return nil }
        // Held, so that the pointer compared stays this font's for the job.
        g_object_ref(UnsafeMutableRawPointer(primary))
        primaryFonts[font] = primary
        return primary
    }

    private func setText(_ bytes: [UInt8], font: String) {
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
    }
}
