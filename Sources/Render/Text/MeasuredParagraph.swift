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
    /// Characters no installed font could draw (Pango shows them as boxes).
    private(set) var unknownGlyphs = 0

    init(engine: TextEngine, markup: String, font: FontSpec, width: Double, style: ParagraphStyle) {
        self.engine = engine
        self.width = width
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
        if style.alignment == .justified {
            // Each pass removes one rung; a paragraph rarely needs more than a few.
            var current = markup
            for _ in 0..<16 {
                guard let fewer = HyphenLadder.breakUp(current, layout: layout) else { break }
                current = fewer
                pango_layout_set_markup(layout, current, -1)
            }
        }
        measure(pitch: style.lineHeight ?? 0)
        if style.alignment == .justified { keepHyphensInsideTheMeasure() }
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
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
            // the measure there is its trailing space.
            guard overflow > 0.01, index + 1 < lines.count,
                  let next = pango_layout_get_line_readonly(layout, Int32(index + 1)), next.pointee.is_paragraph_start == 0,
                  let line = pango_layout_get_line(layout, Int32(index)) else { continue }
            let units = Int32((overflow * Double(PANGO_SCALE)).rounded(.up))
            if HyphenOverhang.tighten(line, text: text, by: units) {
                lines[index].width -= Double(units) / Double(PANGO_SCALE)
            }
        }
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
            edges.append(Double(logical.x + logical.width) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_line(iterator) != 0
        return edges
    }

    /// Draws line `index` with its line box's top at `top`, the paragraph's left edge at `left`.
    func draw(line index: Int, left: Double, top: Double, on cairo: OpaquePointer) {
        guard lines.indices.contains(index), let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
        cairo_move_to(cairo, left + lines[index].x, top + lines[index].baseline)
        pango_cairo_show_layout_line(cairo, line)
    }
}
