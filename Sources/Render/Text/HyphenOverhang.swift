import CPangoCairo

/// Pango 1.50 (Debian 12's) justifies a line that breaks at a soft hyphen as if the hyphen were
/// not there, then adds it: the hyphen hangs its own width past the measure, on a line whose
/// spaces are stretched by as much too much (48 lines of the English demo book). The overflow is
/// taken back out of the line's word spaces, as the justification should have left them.
enum HyphenOverhang {
    /// Narrows the spaces of `line` by `overflow` Pango units in all; false when the line has
    /// no space to narrow.
    static func tighten(_ line: UnsafeMutablePointer<PangoLayoutLine>, text: UnsafePointer<CChar>, by overflow: Int32) -> Bool {
        let start = Int(line.pointee.start_index)
        let end = start + Int(line.pointee.length)
        var spaces: [UnsafeMutablePointer<PangoGlyphInfo>] = []
        LineGlyphs.forEach(in: line) { byte, glyph in
            // Word spaces only: not a space the line ends on.
            guard byte >= start, byte < end - 1, text[byte] == 0x20 else { return }
            spaces.append(glyph)
        }
        guard !spaces.isEmpty else { return false }
        let share = overflow / Int32(spaces.count), remainder = Int(overflow % Int32(spaces.count))
        for (index, space) in spaces.enumerated() {
            space.pointee.geometry.width -= share + (index < remainder ? 1 : 0)
        }
        return true
    }
}
