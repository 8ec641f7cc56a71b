import CPangoCairo

/// One paragraph laid out by Pango: line boxes for the paginator, and the Pango lines that
/// the painter draws. Owns its PangoLayout.
final class MeasuredParagraph {
    struct Line {
        /// Height of the line box, with the style's line pitch applied.
        var height: Double
        /// Baseline, from the top of the line box.
        var baseline: Double
        /// Horizontal offset of the line inside the paragraph (indent, alignment).
        var x: Double
        var width: Double
    }

    private let engine: TextEngine
    let layout: OpaquePointer
    private(set) var lines: [Line] = []
    let width: Double
    /// Whether the lines were broken over the whole paragraph (Knuth–Plass) rather than by
    /// Pango one at a time, and whether only the least-bad pass could set it.
    private(set) var wholeParagraph: WholeParagraphBreaking.Outcome?
    /// Each line's horizontal glyph scale as drawn (`GlyphExpansion`); empty when none is.
    private(set) var expansions: [Double] = []
    /// What carries its colour glyphs' text (`ColourBitmaps.carrier`), loaded once, when a line
    /// first has one.
    private(set) lazy var colourGlyphCarrier = ColourBitmaps.carrier(in: layout)
    /// What it was made from, to set it again in another number of lines.
    let markup: String, font: FontSpec, style: ParagraphStyle

    /// `lineCount`: set in exactly that many lines (see `settingIn(lineCount:)`).
    init(engine: TextEngine, markup: String, font: FontSpec, width: Double, style: ParagraphStyle, lineCount: Int? = nil) {
        self.engine = engine
        self.width = width
        self.markup = markup
        self.font = font
        self.style = style
        layout = pango_layout_new(engine.context)
        let description = pango_font_description_from_string(font.pangoDescription)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded()))
        // A word wider than the measure is broken between characters rather than overflowing.
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch style.alignment {
        case .justified: pango_layout_set_justify(layout, 1)
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        if style.firstLineIndent != 0 {
            pango_layout_set_indent(layout, Int32(style.firstLineIndent * Double(PANGO_SCALE)))
        }
        if style.letterSpacing != 0 {
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(style.letterSpacing * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        pango_layout_set_markup(layout, markup, -1)
        if style.keepsKoreanWordsWhole { KoreanWords.keepWhole(in: layout) }
        let kerning = style.alignment == .justified && engine.typography.marginKerning ? MarginKerning() : nil
        if style.alignment == .justified {
            wholeParagraph = breakWholeParagraph(kerning: kerning, lineCount: lineCount)
        }
        if style.alignment == .justified && wholeParagraph == nil && lineCount == nil {
            // Each pass removes one rung; a paragraph rarely needs more than a few.
            var current = markup
            for _ in 0..<16 {
                guard let fewer = HyphenLadder.breakUp(current, layout: layout) else { break }
                current = fewer
                pango_layout_set_markup(layout, current, -1)
                if style.keepsKoreanWordsWhole { KoreanWords.keepWhole(in: layout) }
            }
        }
        measure(pitch: style.lineHeight ?? 0)
        // A set's measuring pass counts lines and their heights; where the glyphs sit across
        // a line is the drawing pass's (these only move them sideways).
        if case .measuring = engine.volumePass { return }
        if style.alignment == .justified { keepHyphensInsideTheMeasure() }
        if let kerning {
            hangPunctuation(kerning, hyphenWidth: engine.hyphenWidth(font), indented: style.firstLineIndent != 0)
        }
        if let factors = wholeParagraph?.expansions, factors.contains(where: { $0 != 1 }) { expand(factors) }
    }

    /// `WholeParagraphBreaking`, with the breaks a set's measuring pass kept when there are.
    private func breakWholeParagraph(kerning: MarginKerning?, lineCount: Int?) -> WholeParagraphBreaking.Outcome? {
        let paragraph = LineBreakMemory.Paragraph(markup: markup, font: font.pangoDescription, width: width, style: style, lineCount: lineCount)
        var decision: WholeParagraphBreaking.Decision?
        if case .drawing(let memory) = engine.volumePass, let kept = memory.take(paragraph) {
            decision = kept
        } else {
            decision = WholeParagraphBreaking.decide(layout, width: width, firstLineIndent: style.firstLineIndent, hyphenWidth: engine.hyphenWidth(font),
                                                     kerning: kerning, expansion: GlyphExpansion(percent: engine.typography.glyphExpansion),
                                                     lineCount: lineCount, wordWidths: (engine.wordWidths, font.pangoDescription))
            if case .measuring(let memory) = engine.volumePass { memory.keep(decision, for: paragraph) }
        }
        return decision.flatMap { WholeParagraphBreaking.impose($0, on: layout, markup: markup) }
    }

    /// Glyph expansion: a line drawn scaled by its factor is first set to its width divided by
    /// the factor, its spaces taking the difference, so that drawn it fills the measure again.
    private func expand(_ factors: [Double]) {
        guard let text = pango_layout_get_text(layout) else { return }
        let scale = Double(PANGO_SCALE)
        expansions = Array(repeating: 1, count: lines.count)
        for (index, factor) in zip(lines.indices, factors) where factor != 1 {
            guard let line = pango_layout_get_line(layout, Int32(index)) else { continue }
            let units = Int32(((lines[index].width - lines[index].width / factor) * scale).rounded())
            if HyphenOverhang.tighten(line, text: text, by: units) { expansions[index] = factor }
        }
    }

    /// Line `index`'s horizontal glyph scale.
    func expansion(of index: Int) -> Double { expansions.indices.contains(index) ? expansions[index] : 1 }

    /// The same paragraph broken over the whole paragraph into exactly `lineCount` lines within
    /// the first pass's tolerance (TeX's looseness), for pagination to avoid a widow; nil when
    /// there is no such setting or the paragraph keeps Pango's own breaking.
    func settingIn(lineCount: Int) -> MeasuredParagraph? {
        guard wholeParagraph != nil else { return nil }
        let other = MeasuredParagraph(engine: engine, markup: markup, font: font, width: width, style: style, lineCount: lineCount)
        return other.wholeParagraph != nil && other.lines.count == lineCount ? other : nil
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private func measure(pitch: Double) {
        let scale = Double(PANGO_SCALE)
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let top = Double(logical.y) / scale
            let natural = Double(logical.height) / scale
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / scale - top
            let height = max(natural, pitch)
            // Centre the natural line box in the pitch, as CSS line-height does.
            lines.append(Line(height: height, baseline: baseline + (height - natural) / 2,
                              x: Double(logical.x) / scale, width: Double(logical.width) / scale))
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// See `HyphenOverhang`: a justified line wider than the measure (almost always after a soft
    /// hyphen; a few after a break inside a token such as "[Ob.1663].") is narrowed back to it.
    private func keepHyphensInsideTheMeasure() {
        guard let text = pango_layout_get_text(layout) else { return }
        for index in lines.indices {
            let overflow = lines[index].x + lines[index].width - width
            // Justified lines only: a paragraph's last line is ragged, and whatever hangs past
            // the measure there is its trailing space; but whole-paragraph breaking may shrink
            // the last line's spaces too, which Pango does not do by itself.
            let isLast = index + 1 == lines.count
            guard overflow > 0.01, !isLast || wholeParagraph != nil,
                  isLast || pango_layout_get_line_readonly(layout, Int32(index + 1))?.pointee.is_paragraph_start == 0,
                  let line = pango_layout_get_line(layout, Int32(index)) else { continue }
            let units = Int32((overflow * Double(PANGO_SCALE)).rounded(.up))
            if HyphenOverhang.tighten(line, text: text, by: units) {
                lines[index].width -= Double(units) / Double(PANGO_SCALE)
            }
        }
    }

    /// Margin kerning: each justified line's end marks hang into the margins by their share;
    /// the line's spaces take up the width they free.
    private func hangPunctuation(_ kerning: MarginKerning, hyphenWidth: Double, indented: Bool) {
        guard let text = pango_layout_get_text(layout) else { return }
        let scale = Double(PANGO_SCALE)
        func advance(at byte: Int) -> Double {
            var rectangle = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(byte), &rectangle)
            return abs(Double(rectangle.width)) / scale
        }
        for index in lines.indices where index + 1 < lines.count {
            guard let next = pango_layout_get_line_readonly(layout, Int32(index + 1)), next.pointee.is_paragraph_start == 0,
                  let line = pango_layout_get_line(layout, Int32(index)),
                  line.pointee.resolved_dir == PANGO_DIRECTION_LTR.rawValue else { continue }
            let start = Int(line.pointee.start_index)
            var end = Int(line.pointee.start_index + line.pointee.length)
            var right = 0.0
            if end >= 2 && UInt8(bitPattern: text[end - 2]) == 0xC2 && UInt8(bitPattern: text[end - 1]) == 0xAD {
                right = kerning.right("\u{AD}", advance: hyphenWidth)
            } else {
                while end > start, text[end - 1] == 0x20 { end -= 1 }
                if let (byte, scalar) = Self.scalar(before: end, in: text, from: start) {
                    right = kerning.right(scalar, advance: advance(at: byte))
                }
            }
            var left = 0.0
            if !(index == 0 && indented), let scalar = Self.scalar(at: start, in: text, upTo: end) {
                left = kerning.left(scalar, advance: advance(at: start))
            }
            let units = Int32(((left + right) * scale).rounded())
            guard units > 0, HyphenOverhang.tighten(line, text: text, by: -units) else { continue }
            lines[index].x -= left
            lines[index].width += Double(units) / scale
        }
    }

    private static func scalar(at byte: Int, in text: UnsafePointer<CChar>, upTo end: Int) -> Unicode.Scalar? {
        guard byte < end else { return nil }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(start: UnsafeRawPointer(text + byte).assumingMemoryBound(to: UInt8.self),
                                           count: min(4, end - byte)).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private static func scalar(before end: Int, in text: UnsafePointer<CChar>, from start: Int) -> (Int, Unicode.Scalar)? {
        var byte = end - 1
        // Step back over UTF-8 continuation bytes to the character's first byte.
        while byte > start, UInt8(bitPattern: text[byte]) & 0xC0 == 0x80 { byte -= 1 }
        return scalar(at: byte, in: text, upTo: end).map { (byte, $0) }
    }

    var height: Double { lines.reduce(0) { $0 + $1.height } }

    /// Each line's right edge as Pango measures it now, from its glyphs (for checks).
    var measuredRightEdges: [Double] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var edges: [Double] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let factor = expansion(of: edges.count)
            edges.append(Double(logical.x) / Double(PANGO_SCALE) + factor * Double(logical.width) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_line(iterator) != 0
        return edges
    }

    /// Each line's text as Pango set it, soft hyphens and trailing spaces included (for checks).
    var lineTexts: [String] {
        guard let text = pango_layout_get_text(layout) else { return [] }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        return (0..<Int(pango_layout_get_line_count(layout))).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return nil }
            let start = Int(line.pointee.start_index)
            return String(decoding: bytes[start..<start + Int(line.pointee.length)], as: UTF8.self)
        }
    }

    /// Draws line `index` with Pango's own renderer, its line box's top at `top`, the paragraph's
    /// left edge at `left`: only the reference that tests hold set lines (`setLine`) against.
    func drawAsPangoDoes(line index: Int, left: Double, top: Double, on cairo: OpaquePointer) {
        guard lines.indices.contains(index), let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
        let factor = expansion(of: index)
        guard factor != 1 else {
            cairo_move_to(cairo, left + lines[index].x, top + lines[index].baseline)
            pango_cairo_show_layout_line(cairo, line)
            return
        }
        // Scaled from the line's start, so it still starts where it would unscaled.
        cairo_save(cairo)
        cairo_translate(cairo, left + lines[index].x, top + lines[index].baseline)
        cairo_scale(cairo, factor, 1)
        cairo_move_to(cairo, 0, 0)
        pango_cairo_show_layout_line(cairo, line)
        cairo_restore(cairo)
    }
}
