extension Document {
    /// Every block, nested ones included (quotes, list items, footnotes), in reading order.
    public var allBlocks: [Block] {
        var found: [Block] = []
        func visit(_ block: Block) {
            found.append(block)
            switch block {
            case .quote(let blocks): blocks.forEach(visit)
            case .list(let list): list.items.forEach { $0.blocks.forEach(visit) }
            case .paragraph, .heading, .code, .html, .rule, .table: break
            }
        }
        (blocks + footnotes.flatMap(\.blocks)).forEach(visit)
        return found
    }

    /// The destinations of the entry's images, in reading order: what an importer may take for
    /// photos. Code is never searched (`![a](b)` in a code span or block is code).
    public var imageDestinations: [String] {
        var found: [String] = []
        for block in allBlocks {
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): Self.collect(inlines, into: &found)
            case .table(let table): for cell in table.header + table.rows.flatMap({ $0 }) { Self.collect(cell, into: &found) }
            case .quote, .list, .code, .html, .rule: break
            }
        }
        return found
    }

    private static func collect(_ inlines: [Inline], into found: inout [String]) {
        for inline in inlines {
            switch inline {
            case .image(let destination, let inner):
                found.append(destination)
                collect(inner, into: &found)
            case .emphasis(let inner), .strong(let inner), .strikethrough(let inner), .highlight(let inner), .link(_, let inner):
                collect(inner, into: &found)
            case .text, .softBreak, .lineBreak, .code, .html, .footnoteReference: break
            }
        }
    }
}
