import CPangoCairo

/// Breaks a justified paragraph's lines over the whole paragraph (`LineBreaker`) and hands the
/// breaks to Pango, which still shapes, justifies and draws every line: each line's text is
/// marked unbreakable (`allow_breaks` false) up to its chosen end, so Pango's own line breaker
/// can break only where Knuth–Plass did. Soft hyphens stay soft, so the hyphen Pango draws at a
/// break is the same glyph (and the same U+00AD in the PDF's text) as before.
enum WholeParagraphBreaking {
    /// What was set: whether only the least-bad pass found breaks (a preflight `info`).
    struct Outcome: Equatable {
        var lineCount: Int
        var isLoose: Bool
        /// Each line's horizontal glyph scale; empty without glyph expansion.
        var expansions: [Double] = []
    }

    /// Where a paragraph's lines break, found over the whole paragraph: what `impose` hands to
    /// Pango, and what a set's measuring pass keeps for the pass that draws (`LineBreakMemory`).
    struct Decision: Sendable {
        /// The soft hyphens (numbered from 0 in the markup) at which a line breaks; the others
        /// leave the text.
        var keptSoftHyphens: Set<Int>
        /// Each line's first byte, in the text without the soft hyphens that leave it.
        var lineStarts: [Int]
        /// That text's length in bytes.
        var textLength: Int
        var isLoose: Bool
        var expansions: [Double]
    }

    /// The breaks of `layout`'s text (its markup given, justified at `width` with
    /// `firstLineIndent`); nil when it keeps Pango's own (see `ParagraphItems.Refusal`). With
    /// `lineCount`, in exactly that many lines within the first pass's tolerance, or nil. Reads
    /// the layout, never changes it.
    static func decide(_ layout: OpaquePointer, width: Double, firstLineIndent: Double, hyphenWidth: Double, kerning: MarginKerning?,
                       expansion: GlyphExpansion = .none, lineCount: Int? = nil,
                       wordWidths: (cache: WordWidths, font: String)? = nil) -> Decision? {
        let widths = [width - max(firstLineIndent, 0), width]
        let protrusion: (Unicode.Scalar, Double) -> Double = { scalar, advance in
            kerning?.right(scalar, advance: advance) ?? 0
        }
        guard let paragraph = try? ParagraphItems.measure(layout, hyphenWidth: hyphenWidth, narrowest: widths.min() ?? width,
                                                          protrusion: protrusion, wordWidths: wordWidths) else { return nil }
        var breaker = LineBreaker()
        breaker.expansion = expansion
        let found = if let lineCount { breaker.breakLines(paragraph.items, lineWidths: widths, lineCount: lineCount) }
                    else { Optional(breaker.breakLines(paragraph.items, lineWidths: widths)) }
        guard let breaks = found else { return nil }
        // One line is one line whoever breaks it; a line that cannot be justified is Pango's to
        // break between characters.
        guard breaks.positions.count > 1, !breaks.isOverfull else { return nil }
        var starts = [0]
        for position in breaks.positions.dropLast() {
            guard let start = paragraph.nextLineStart[position] else { return nil }
            starts.append(start)
        }
        // Pango breaks after a soft hyphen whatever `allow_breaks` says, so the soft hyphens
        // not chosen leave the text; the chosen ones stay, and Pango draws their hyphen.
        let chosen = Set(breaks.positions.compactMap { paragraph.softHyphens[$0] })
        let dropped = paragraph.softHyphens.values.filter { !chosen.contains($0) }.sorted()
        let kept = Set(paragraph.softHyphens.values.sorted().enumerated().filter { chosen.contains($0.element) }.map(\.offset))
        let shift = { (byte: Int) -> Int in byte - 2 * dropped.prefix { $0 < byte }.count }
        return Decision(keptSoftHyphens: kept, lineStarts: starts.map(shift), textLength: shift(paragraph.textLength),
                        isLoose: breaks.isFallback, expansions: breaks.expansions)
    }

    /// Hands `decision` to Pango: each line's text is marked unbreakable up to its end. Nil
    /// when Pango would not take the breaks; `layout` then holds `markup` again, as Pango sets it.
    static func impose(_ decision: Decision, on layout: OpaquePointer, markup: String) -> Outcome? {
        let starts = decision.lineStarts
        pango_layout_set_markup(layout, keepingSoftHyphens(decision.keptSoftHyphens, of: markup), -1)
        guard let attributes = pango_layout_get_attributes(layout).map({ pango_attr_list_copy($0) }) ?? pango_attr_list_new()
        else { return nil }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : decision.textLength
            guard let attribute = pango_attr_allow_breaks_new(0) else { continue }
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(attributes, attribute)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        // Pango fills a line greedily: where two chosen lines would fit on one it joins them,
        // and it breaks after an en dash whatever it is told. Rare; such a paragraph keeps
        // Pango's own breaks.
        if linesStart(layout, at: starts) { return Outcome(lineCount: starts.count, isLoose: decision.isLoose, expansions: decision.expansions) }
        pango_layout_set_markup(layout, markup, -1)
        return nil
    }

    /// `markup` with only its soft hyphens numbered in `kept` (counting from 0).
    static func keepingSoftHyphens(_ kept: Set<Int>, of markup: String) -> String {
        var result = String.UnicodeScalarView()
        var ordinal = 0
        for scalar in markup.unicodeScalars {
            if scalar == "\u{AD}" {
                defer { ordinal += 1 }
                guard kept.contains(ordinal) else { continue }
            }
            result.append(scalar)
        }
        return String(result)
    }

    private static func linesStart(_ layout: OpaquePointer, at starts: [Int]) -> Bool {
        guard Int(pango_layout_get_line_count(layout)) == starts.count else { return false }
        for (index, start) in starts.enumerated() {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)), Int(line.pointee.start_index) == start
            else { return false }
        }
        return true
    }
}
