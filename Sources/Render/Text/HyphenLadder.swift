import CPangoCairo

/// More than three hyphenated lines in a row make a ladder down the right edge, which readers
/// notice and setters avoid (Chicago 7.43). Pango breaks lines greedily and cannot be told, so
/// the word that would make a fourth rung loses its soft hyphens and the paragraph is set again.
enum HyphenLadder {
    static let longestRun = 3

    /// Whether each line of `layout` ends at a soft hyphen.
    static func hyphenatedLineEnds(_ layout: OpaquePointer) -> [Bool] {
        guard let text = pango_layout_get_text(layout) else { return [] }
        return (0..<Int(pango_layout_get_line_count(layout))).map { index in
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return false }
            let end = Int(line.pointee.start_index) + Int(line.pointee.length)
            // U+00AD in UTF-8.
            return end >= 2 && UInt8(bitPattern: text[end - 2]) == 0xC2 && UInt8(bitPattern: text[end - 1]) == 0xAD
        }
    }

    /// `markup` with the soft hyphens of the word that makes the first too-long run removed,
    /// or nil when `layout` (set from `markup`) has no such run.
    static func breakUp(_ markup: String, layout: OpaquePointer) -> String? {
        guard let text = pango_layout_get_text(layout) else { return nil }
        var run = 0
        for (index, hyphenated) in hyphenatedLineEnds(layout).enumerated() {
            run = hyphenated ? run + 1 : 0
            guard run > longestRun, let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
            // The break is the how-manieth soft hyphen of the text; markup has the same ones.
            let breakByte = Int(line.pointee.start_index) + Int(line.pointee.length) - 2
            var ordinal = 0
            var byte = 0
            while byte < breakByte {
                if UInt8(bitPattern: text[byte]) == 0xC2 && UInt8(bitPattern: text[byte + 1]) == 0xAD { ordinal += 1 }
                byte += 1
            }
            return removingSoftHyphens(ofWordAt: ordinal, in: markup)
        }
        return nil
    }

    /// Removes every soft hyphen of the word holding the `ordinal`-th soft hyphen of `markup`.
    private static func removingSoftHyphens(ofWordAt ordinal: Int, in markup: String) -> String? {
        var characters = Array(markup)
        guard let position = characters.indices.filter({ characters[$0] == "\u{AD}" }).dropFirst(ordinal).first else { return nil }
        func insideWord(_ character: Character) -> Bool { !character.isWhitespace && character != "<" && character != ">" }
        var start = position, end = position
        while start > 0, insideWord(characters[start - 1]) { start -= 1 }
        while end + 1 < characters.count, insideWord(characters[end + 1]) { end += 1 }
        characters.replaceSubrange(start...end, with: characters[start...end].filter { $0 != "\u{AD}" })
        return String(characters)
    }
}
