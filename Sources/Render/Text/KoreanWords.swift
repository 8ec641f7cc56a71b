import CPangoCairo

/// Korean is written in words separated by spaces, and its readers break lines only between
/// them (CSS's `word-break: keep-all`, the default of Korean text layout); Pango follows UAX 14,
/// which lets a line break between any two Hangul syllables ("규정|된"). Each Hangul word of a
/// layout's text gets an attribute that allows no break inside it. Attributes, not markup: the
/// EPUB is made from the same markup, and its reader breaks Korean its own way.
enum KoreanWords {
    /// A word longer than this (in characters) is left breakable: kept whole, it could not fit
    /// a narrow column.
    static let longestKept = 24

    /// Adds the attributes to `layout`, whose text and attributes are set.
    static func keepWhole(in layout: OpaquePointer) {
        guard let text = pango_layout_get_text(layout) else { return }
        let words = hangulWords(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
        guard !words.isEmpty,
              let attributes = pango_layout_get_attributes(layout).map({ pango_attr_list_copy($0) }) ?? pango_attr_list_new() else { return }
        for word in words {
            guard let attribute = pango_attr_allow_breaks_new(0) else { continue }
            attribute.pointee.start_index = UInt32(word.lowerBound)
            attribute.pointee.end_index = UInt32(word.upperBound)
            pango_attr_list_insert(attributes, attribute)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    /// The byte ranges of the words (runs between whitespace) that hold Hangul, of two to
    /// `longestKept` characters.
    static func hangulWords(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        // Most text has no Hangul: one quick pass, before the one that finds words.
        guard containsHangul(bytes) else { return [] }
        var words: [Range<Int>] = []
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0, start = 0, characters = 0
        var hasHangul = false
        func close(at end: Int) {
            if hasHangul, characters > 1, characters <= longestKept { words.append(start..<end) }
            hasHangul = false
            characters = 0
        }
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let width = UTF8.width(scalar)
            if scalar.properties.isWhitespace {
                close(at: offset)
                start = offset + width
            } else {
                characters += 1
                if ParagraphLanguage.script(of: scalar) == .hangul { hasHangul = true }
            }
            offset += width
        }
        close(at: offset)
        return words
    }

    private static func containsHangul(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            // Hangul starts at U+1100.
            if scalar.value >= 0x1100, ParagraphLanguage.script(of: scalar) == .hangul { return true }
        }
        return false
    }
}
