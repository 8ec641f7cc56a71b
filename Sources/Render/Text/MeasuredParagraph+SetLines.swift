import CPangoCairo

/// Pango's glyph codes that are not glyphs of the font (pango-glyph.h's macros, which Swift
/// does not import): nothing to draw, and a character no font has.
private let emptyGlyph: UInt32 = 0x0FFF_FFFF
private let unknownGlyphFlag: UInt32 = 0x1000_0000

extension MeasuredParagraph {
    /// Every line as plain values, top to bottom.
    var setLines: [SetLine] { lines.indices.compactMap(setLine) }

    /// Line `index` as plain values: what `pango_cairo_show_layout_line` would draw (glyphs at
    /// their positions, highlights, strikethroughs, boxes for missing characters), read once
    /// from Pango's runs, as Pango's own renderer reads them.
    func setLine(_ index: Int) -> SetLine? {
        guard lines.indices.contains(index), let line = pango_layout_get_line_readonly(layout, Int32(index)),
              let text = pango_layout_get_text(layout) else { return nil }
        let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        var extents = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &extents)
        var runs: [(start: Int32, run: GlyphRun)] = []
        var x: Int32 = 0
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let data = current.pointee.data else { continue }
            let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
            x += run.pointee.start_x_offset
            let width = pango_glyph_string_get_width(run.pointee.glyphs)
            if let set = Self.glyphRun(run, carrier: { self.colourGlyphCarrier }, text: text, bytes: bytes, x: x, line: extents) {
                runs.append((run.pointee.item?.pointee.offset ?? 0, set))
            }
            x += width + run.pointee.end_x_offset
        }
        let start = Int(line.pointee.start_index)
        let lineText = String(decoding: UnsafeBufferPointer(start: bytes + start, count: Int(line.pointee.length)), as: UTF8.self)
        return SetLine(x: lines[index].x, baseline: lines[index].baseline, height: lines[index].height,
                       scale: expansion(of: index), runs: runs.sorted { $0.start < $1.start }.map(\.run), text: lineText)
    }

    /// One Pango run starting `x` (Pango units) from the line's origin.
    /// `carrier`: the paragraph's carrier of colour glyphs' text, asked for only by a colour run.
    private static func glyphRun(_ run: UnsafeMutablePointer<PangoGlyphItem>, carrier carrierOfParagraph: () -> (font: ScaledFont, glyphs: [UInt])?,
                                 text: UnsafePointer<CChar>,
                                 bytes: UnsafePointer<UInt8>, x: Int32, line: PangoRectangle) -> GlyphRun? {
        guard let item = run.pointee.item, let string = run.pointee.glyphs, let font = item.pointee.analysis.font,
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
        let scale = Double(PANGO_SCALE)
        let rise = -run.pointee.y_offset
        let count = Int(string.pointee.num_glyphs)
        var glyphs: [GlyphRun.Glyph] = []
        var missing: [GlyphRun.Missing] = []
        var drawn = [Bool](repeating: false, count: count)
        var advance: Int32 = 0
        lazy var ascent = Self.ascent(of: font, language: item.pointee.analysis.language)
        // A colour font's glyphs become pictures, their text written for invisible carrier
        // glyphs under them (`ColourBitmaps`).
        let bitmaps = ColourBitmaps(font)
        let carrier = bitmaps == nil ? nil : carrierOfParagraph()
        var pictures: [ColourGlyph] = []
        for index in 0..<count {
            let info = string.pointee.glyphs[index]
            let glyphX = Double(x + advance + info.geometry.x_offset) / scale
            let glyphY = Double(rise + info.geometry.y_offset) / scale
            let width = Double(info.geometry.width) / scale
            advance += info.geometry.width
            if info.glyph == emptyGlyph { continue }
            if info.glyph & unknownGlyphFlag != 0 {
                // A box where the character should be (never for a space), as Pango draws one;
                // its text stays in the cluster, so a reader copying the line still gets it. An
                // emoji no font has yet is left blank rather than boxed: the finding names it.
                let character = info.glyph & ~unknownGlyphFlag
                if character != 0x20 {
                    missing.append(.init(character: character,
                                         box: Self.isEmoji(character) ? nil
                                             : .init(x: glyphX + width * 0.1, y: glyphY - ascent * 0.8, width: width * 0.8, height: ascent * 0.8)))
                }
                continue
            }
            if let bitmaps {
                // Only a glyph with a picture is drawn: a blank one (a space) would leave its
                // carriers with nothing over them.
                guard let picture = bitmaps.picture(of: info.glyph, x: glyphX, y: glyphY, advance: width) else { continue }
                pictures.append(picture)
                if let carrier {
                    glyphs += carrier.glyphs.map { .init(index: $0, x: glyphX, y: glyphY) }
                    drawn[index] = true
                }
                continue
            }
            glyphs.append(.init(index: UInt(info.glyph), x: glyphX, y: glyphY))
            drawn[index] = true
        }
        // Clusters as Pango's renderer hands them to Cairo: each run of bytes with the glyphs
        // drawn for it, in the text's order; a right-to-left run's take their glyphs from the
        // last (Cairo's backward clusters).
        var clusters: [GlyphRun.Cluster] = []
        var iterator = PangoGlyphItemIter()
        var first: Int32 = -1
        var last: Int32 = 0
        if pango_glyph_item_iter_init_start(&iterator, run, text) != 0 {
            repeat {
                let glyphRange = iterator.start_glyph <= iterator.end_glyph
                    ? Int(iterator.start_glyph)..<Int(iterator.end_glyph)
                    : Int(iterator.end_glyph + 1)..<Int(iterator.start_glyph + 1)
                let glyphCount = glyphRange.reduce(0) { $0 + (drawn.indices.contains($1) && drawn[$1] ? 1 : 0) }
                if first < 0 { first = iterator.start_index }
                last = iterator.end_index
                clusters.append(.init(bytes: Int(iterator.end_index - iterator.start_index), glyphs: glyphCount * (carrier?.glyphs.count ?? 1)))
            } while pango_glyph_item_iter_next_cluster(&iterator) != 0
        }
        let runText = first < 0 ? "" : String(decoding: UnsafeBufferPointer(start: bytes + Int(first), count: Int(last - first)), as: UTF8.self)
        if clusters.reduce(0, { $0 + $1.glyphs }) != glyphs.count {
            // Never seen; without a mapping Cairo still draws the glyphs, only their text is lost.
            clusters = []
        }
        var set = GlyphRun(font: carrier?.font ?? ScaledFont(retaining: scaled), glyphs: glyphs, text: clusters.isEmpty ? "" : runText,
                           clusters: clusters, backward: item.pointee.analysis.level & 1 != 0, missing: missing, pictures: pictures,
                           drawsPictures: bitmaps != nil)
        let width = Double(pango_glyph_string_get_width(string)) / scale
        decorate(&set, item: item, string: string, font: font, x: Double(x) / scale, rise: Double(rise) / scale,
                 width: width, line: line)
        return set
    }

    /// The highlight and strikethrough Pango's renderer draws from the run's attributes.
    private static func decorate(_ set: inout GlyphRun, item: UnsafeMutablePointer<PangoItem>, string: UnsafeMutablePointer<PangoGlyphString>,
                                 font: UnsafeMutablePointer<PangoFont>, x: Double, rise: Double, width: Double, line: PangoRectangle) {
        let scale = Double(PANGO_SCALE)
        var node = item.pointee.analysis.extra_attrs
        while let current = node {
            node = current.pointee.next
            guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
            switch attribute.pointee.klass.pointee.type {
            case PANGO_ATTR_BACKGROUND:
                let colour = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                set.background = (GlyphRun.Box(x: x, y: Double(line.y) / scale, width: width, height: Double(line.height) / scale),
                                  GlyphRun.RGB(red: Double(colour.red) / 65535, green: Double(colour.green) / 65535,
                                               blue: Double(colour.blue) / 65535))
            case PANGO_ATTR_STRIKETHROUGH:
                guard UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value != 0,
                      let metrics = pango_font_get_metrics(font, item.pointee.analysis.language) else { continue }
                defer { pango_font_metrics_unref(metrics) }
                // Over the glyphs' ink, as Pango 1.50 draws it.
                var ink = PangoRectangle()
                pango_glyph_string_extents(string, font, &ink, nil)
                let position = Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale
                let thickness = Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale
                set.strikethrough = GlyphRun.Box(x: x + Double(ink.x) / scale, y: rise - position,
                                                 width: Double(ink.width) / scale, height: thickness)
            default:
                continue
            }
        }
    }

    /// An emoji, as UTS 51 lists them, or a code point of the blocks new emoji are added to
    /// (one newer than this Swift's Unicode data).
    private static func isEmoji(_ character: UInt32) -> Bool {
        (0x1F300...0x1FAFF).contains(character) || Unicode.Scalar(character)?.properties.isEmojiPresentation == true
    }

    private static func ascent(of font: UnsafeMutablePointer<PangoFont>, language: OpaquePointer?) -> Double {
        guard let metrics = pango_font_get_metrics(font, language) else { return 0 }
        defer { pango_font_metrics_unref(metrics) }
        return Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE)
    }
}
