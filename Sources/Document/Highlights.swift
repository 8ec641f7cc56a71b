/// Obsidian's `==highlight==` on the model's text: a pair of `==` among the inlines of one
/// paragraph (text may be emphasised between them) marks what lies between. Code spans are
/// never looked into; an unpaired `==`, or one between spaces, stays text.
enum Highlights {
    static func marked(_ inlines: [Inline]) -> [Inline] {
        // Split every text at its `==` so a marker is an inline of its own.
        var pieces: [Inline] = []
        var markers: [Int] = []
        for inline in inlines {
            guard case .text(let text) = inline, text.contains("==") else {
                pieces.append(inline)
                continue
            }
            let parts = text.components(separatedBy: "==")
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    markers.append(pieces.count)
                    pieces.append(.text("=="))
                }
                if !part.isEmpty { pieces.append(.text(part)) }
            }
        }
        guard markers.count >= 2 else { return inlines }
        // As Obsidian reads them: `==` opens before a character that is not a space and closes
        // after one, so "a == b" is text.
        func opens(_ index: Int) -> Bool {
            guard index + 1 < pieces.count else { return false }
            if case .text(let next) = pieces[index + 1] { return next != "==" && !(next.first?.isWhitespace ?? true) }
            return true
        }
        func closes(_ index: Int) -> Bool {
            guard index > 0 else { return false }
            if case .text(let previous) = pieces[index - 1] { return previous != "==" && !(previous.last?.isWhitespace ?? true) }
            return true
        }
        let isMarker = Set(markers)
        // The first marker that closes at or after each piece, found in one pass from the end:
        // looking it up again for every opening marker would be quadratic in unpaired `==`s.
        var closing: [Int?] = Array(repeating: nil, count: pieces.count + 2)
        for index in pieces.indices.reversed() {
            closing[index] = isMarker.contains(index) && closes(index) ? index : closing[index + 1]
        }
        var result: [Inline] = []
        var index = 0
        while index < pieces.count {
            if isMarker.contains(index), opens(index), let close = closing[index + 2] {
                result.append(.highlight(Array(pieces[(index + 1)..<close])))
                index = close + 1
                continue
            }
            result.append(pieces[index])
            index += 1
        }
        return merged(result)
    }

    /// Adjacent texts joined again.
    private static func merged(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            if case .text(let text) = inline, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + text)
            } else {
                result.append(inline)
            }
        }
        return result
    }
}
