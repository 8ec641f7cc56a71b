import CPangoCairo

/// A paragraph's text as the breaker's items, measured from Pango's own shaping of it on one
/// unbroken line: words are boxes of their glyphs' advances, spaces are glue, soft hyphens
/// and hyphens inside words are flagged penalties. Each break carries the byte where the line
/// after it starts, so the chosen breaks can be handed back to Pango.
struct ParagraphItems {
    var items: [LineItem] = []
    /// For each item that can be a break, the byte offset in the layout's text where the next
    /// line begins.
    var nextLineStart: [Int: Int] = [:]
    /// The text's length in bytes.
    var textLength = 0
    /// Where each soft hyphen is in the text, in bytes, by the item that breaks there.
    var softHyphens: [Int: Int] = [:]

    /// Why a paragraph keeps Pango's own breaking.
    enum Refusal: Error, Equatable {
        case hardLineBreak, noSpaces, rightToLeft, scriptWithoutSpaces, wordWiderThanMeasure
    }

    /// The cost of a hyphen, soft or hard. TeX's 50, with TeX's first pass, hyphenated a fifth
    /// of the bench year's lines. With glyph expansion on (the interior's default), 180 sets
    /// the Russian year with fewer hyphens and fewer loose lines than Typst; 300 left as many
    /// loose and a wider spread, 150 hyphenated more lines than Typst (design.md's figures).
    static let hyphenCost = 180.0
    /// How far a space may stretch and shrink, as shares of its width: stretching by a whole
    /// space (TeX's fonts: a half) lets the ratio bound lines at two spaces' width, not 1.5.
    static let stretchShare = 1.0, shrinkShare = 1.0 / 3

    /// Builds the items of `layout`'s text. `hyphenWidth` is the hyphen Pango draws at a soft
    /// hyphen, `protrusion` how far a character at a line's end may hang into the margin.
    /// `wordWidths`, with the layout's font description, measures the words from the job's cache
    /// rather than by shaping the paragraph.
    static func measure(_ layout: OpaquePointer, hyphenWidth: Double, narrowest: Double,
                        protrusion: (Unicode.Scalar, Double) -> Double,
                        wordWidths: (cache: WordWidths, font: String)? = nil) throws(Refusal) -> ParagraphItems {
        guard let pointer = pango_layout_get_text(layout) else { throw .noSpaces }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        let scalars = try Self.scalars(bytes)
        let advances = wordWidths.flatMap { hasAttributes(layout) ? nil : $0.cache.advances(of: bytes, font: $0.font) }
            ?? Self.advances(layout, length: bytes.count)
        var result = ParagraphItems()
        result.textLength = bytes.count
        var boxWidth = 0.0, lastScalar: Unicode.Scalar?, lastAdvance = 0.0
        var boxByte: Int?
        // Where each box starts: a line after a break begins at the next box.
        var boxStarts: [(item: Int, byte: Int)] = []
        var breaks: [Int] = []
        func closeBox() {
            if let byte = boxByte {
                result.items.append(.box(width: boxWidth))
                boxStarts.append((result.items.count - 1, byte))
            }
            boxWidth = 0
            boxByte = nil
        }
        for (index, (byte, scalar)) in scalars.enumerated() {
            let advance = advances[byte]
            let next = index + 1 < scalars.count ? scalars[index + 1].1 : nil
            switch scalar {
            case " ":
                closeBox()
                let hang = lastScalar.map { protrusion($0, lastAdvance) } ?? 0
                if hang > 0 {
                    // Breaking here lets the punctuation before the space hang in the margin.
                    result.items.append(.penalty(width: -hang, cost: 0, flagged: false))
                    breaks.append(result.items.count - 1)
                }
                result.items.append(.glue(width: advance, stretch: advance * stretchShare, shrink: advance * shrinkShare))
                breaks.append(result.items.count - 1)
            case "\u{A0}", "\u{202F}":
                // A bound space (before an em dash, after a one-letter word) stretches, never breaks.
                closeBox()
                result.items.append(.penalty(width: 0, cost: LineItem.infinitePenalty, flagged: false))
                result.items.append(.glue(width: advance, stretch: advance * stretchShare, shrink: advance * shrinkShare))
            case "\u{AD}":
                closeBox()
                let hang = protrusion("-", hyphenWidth)
                result.items.append(.penalty(width: hyphenWidth - hang, cost: hyphenCost, flagged: true))
                breaks.append(result.items.count - 1)
                result.softHyphens[result.items.count - 1] = byte
            case "-", "\u{2010}":
                if boxByte == nil { boxByte = byte }
                boxWidth += advance
                // Pango breaks after a hyphen between letters ("кто-то"), so may we.
                guard lastScalar?.properties.isAlphabetic == true, next?.properties.isAlphabetic == true else { break }
                closeBox()
                result.items.append(.penalty(width: -protrusion(scalar, advance), cost: hyphenCost, flagged: true))
                breaks.append(result.items.count - 1)
            default:
                if boxByte == nil { boxByte = byte }
                boxWidth += advance
            }
            if scalar != " " { lastScalar = scalar; lastAdvance = advance }
        }
        closeBox()
        var cursor = 0
        for item in breaks {
            while cursor < boxStarts.count, boxStarts[cursor].item <= item { cursor += 1 }
            result.nextLineStart[item] = cursor < boxStarts.count ? boxStarts[cursor].byte : bytes.count
        }
        guard result.items.contains(where: { if case .glue = $0 { true } else { false } }) else { throw .noSpaces }
        // A word wider than the narrowest line is Pango's to break between its characters.
        var run = 0.0
        for item in result.items {
            switch item {
            case .box(let width): run += width
            case .glue, .penalty: run = 0
            }
            if run > narrowest { throw .wordWiderThanMeasure }
        }
        result.items += LineItem.finishing()
        return result
    }

    /// The text's scalars with their byte offsets; refuses what whole-paragraph breaking at
    /// spaces cannot set the way Pango does.
    private static func scalars(_ bytes: UnsafeBufferPointer<UInt8>) throws(Refusal) -> [(Int, Unicode.Scalar)] {
        var result: [(Int, Unicode.Scalar)] = []
        result.reserveCapacity(bytes.count)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            switch scalar.value {
            case 0x0A, 0x0D, 0x2028, 0x2029, 0x09: throw .hardLineBreak
            // Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms.
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: throw .rightToLeft
            // Scripts that break between characters rather than at spaces (CJK, Thai).
            case 0x0E00...0x0EFF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: throw .scriptWithoutSpaces
            default: break
            }
            result.append((offset, scalar))
            offset += UTF8.width(scalar)
        }
        return result
    }

    /// Whether the layout's text carries attributes (markup): the cache knows plain text only.
    private static func hasAttributes(_ layout: OpaquePointer) -> Bool {
        guard let list = pango_layout_get_attributes(layout), let attributes = pango_attr_list_get_attributes(list) else { return false }
        defer { g_slist_free_full(attributes) { pango_attribute_destroy($0?.assumingMemoryBound(to: PangoAttribute.self)) } }
        return true
    }

    /// Each byte's share of the unbroken line's advance (a cluster's whole advance on its
    /// first byte), in points.
    private static func advances(_ layout: OpaquePointer, length: Int) -> [Double] {
        var advances = [Double](repeating: 0, count: length + 1)
        guard let copy = pango_layout_copy(layout) else { return advances }
        defer { g_object_unref(UnsafeMutableRawPointer(copy)) }
        pango_layout_set_width(copy, -1)
        pango_layout_set_justify(copy, 0)
        pango_layout_set_indent(copy, 0)
        guard let line = pango_layout_get_line_readonly(copy, 0) else { return advances }
        LineGlyphs.forEach(in: line) { byte, glyph in
            guard byte < length else { return }
            advances[byte] += Double(glyph.pointee.geometry.width) / Double(PANGO_SCALE)
        }
        return advances
    }
}
