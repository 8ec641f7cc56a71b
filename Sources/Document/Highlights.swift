/// Obsidian's `==highlight==` on the model's text: a pair of `==` among the inlines of one
/// paragraph (text may be emphasised between them) marks what lies between. Code spans are
/// never looked into; an unpaired `==` stays text.
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
        var result: [Inline] = []
        var index = 0
        let pairs = markers.count / 2 * 2
        var markerIndex = 0
        while index < pieces.count {
            if markerIndex < pairs, index == markers[markerIndex] {
                let close = markers[markerIndex + 1]
                let inner = Array(pieces[(index + 1)..<close])
                if inner.isEmpty {
                    // `====` is not a highlight of nothing: both markers stay text.
                    result.append(.text("===="))
                } else {
                    result.append(.highlight(inner))
                }
                index = close + 1
                markerIndex += 2
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
