import Document

/// A GFM table row as the painter draws it: its cells side by side, each a paragraph set to its
/// column's width. A row never splits across pages; a table may break between rows.
struct TableRow {
    struct Cell {
        var paragraph: Int
        /// Left edge of the cell from the table's left edge.
        var x: Double
    }

    var cells: [Cell]
    var width: Double
    var height: Double
    var isHeader: Bool
    /// The table's first row: a new table begins here in the structure tree.
    var startsTable = false

    /// Space above and below a cell's text, and between columns.
    static let padding = 2.5
    static let gutter = 8.0
    /// Narrower columns than this cannot hold a word: the table is set row by row instead.
    static let narrowestColumn = 24.0
}

extension FlowBuilder {
    /// A table set in the measure: columns as wide as their text where it fits, otherwise the
    /// table is set in the caption size and its cells wrap, so it never overflows the page.
    /// A table that cannot be set so (too many columns to hold a word each, or a row taller
    /// than a page, which never splits) is set row by row: each row a paragraph of its cells.
    func tableFlow(_ table: TextTable, indent: Double) -> [FlowBlock] {
        let columns = table.rows.map(\.count).max() ?? 0
        guard columns > 0 else { return [] }
        let available = measure - indent - TableRow.gutter * Double(columns - 1)
        guard available / Double(columns) >= TableRow.narrowestColumn else { return rowsAsParagraphs(table, indent: indent) }
        let firstParagraph = paragraphs.count
        var role = Typography.Role.body
        var natural = naturalWidths(table, columns: columns, role: role)
        if natural.reduce(0, +) > available {
            role = .caption
            natural = naturalWidths(table, columns: columns, role: role)
        }
        let widths = Self.columnWidths(natural: natural, available: available)
        let size = engine.typography.font(role).size
        var blocks: [FlowBlock] = []
        for (index, cells) in table.rows.enumerated() {
            let header = table.hasHeader && index == 0
            var x = 0.0
            var row = TableRow(cells: [], width: widths.reduce(0, +) + TableRow.gutter * Double(columns - 1), height: 0,
                               isHeader: header, startsTable: index == 0)
            for column in 0..<columns {
                let markup = column < cells.count ? cells[column] : ""
                let alignment = column < table.alignments.count ? table.alignments[column] : .none
                let id = paragraph(header ? "<b>\(markup)</b>" : markup, role, width: widths[column],
                                   style: ParagraphStyle(alignment: Self.alignment(alignment), lineHeight: size * 1.3))
                row.cells.append(TableRow.Cell(paragraph: id, x: x))
                row.height = max(row.height, paragraphs[id].height)
                x += widths[column] + TableRow.gutter
            }
            row.height += TableRow.padding * 2
            guard row.height <= maximumPhotoHeight else {
                discardParagraphs(from: firstParagraph)
                figures.removeLast(index)
                return rowsAsParagraphs(table, indent: indent)
            }
            figures.append(.tableRow(row))
            // A header row never ends a page: it stands over the rows it names.
            blocks.append(FlowBlock(content: .figure(id: figures.count - 1, height: row.height),
                                    spaceBefore: index == 0 ? engine.typography.bodyLineHeight * 0.4 : 0, keepWithNext: header,
                                    indent: indent))
        }
        return blocks
    }

    /// Each row as a paragraph of its cells in order, the header's in bold: every word stays
    /// on the page, and a long row splits across pages as any paragraph does.
    private func rowsAsParagraphs(_ table: TextTable, indent: Double) -> [FlowBlock] {
        let pitch = engine.typography.bodyLineHeight
        return table.rows.enumerated().map { index, cells in
            let line = cells.filter { !$0.isEmpty }.joined(separator: " · ")
            let id = paragraph(table.hasHeader && index == 0 ? "<b>\(line)</b>" : line, .body, width: measure - indent,
                               style: ParagraphStyle(lineHeight: pitch))
            return FlowBlock(content: .text(paragraph: id, lineHeights: paragraphs[id].lines.map(\.height)),
                             spaceBefore: index == 0 ? pitch * 0.4 : 0, indent: indent)
        }
    }

    /// Each column's widest line when nothing wraps.
    private func naturalWidths(_ table: TextTable, columns: Int, role: Typography.Role) -> [Double] {
        var widths = Array(repeating: 0.0, count: columns)
        for (index, cells) in table.rows.enumerated() {
            for (column, markup) in cells.enumerated() where column < columns {
                let text = table.hasHeader && index == 0 ? "<b>\(markup)</b>" : markup
                let set = engine.paragraph(markup: text, font: engine.typography.font(role), width: 10_000)
                widths[column] = max(widths[column], set.lines.map(\.width).max() ?? 0)
            }
        }
        return widths.map { $0 + 1 }
    }

    /// Natural widths when they fit; otherwise every column keeps up to an equal share and the
    /// rest of the measure goes to the columns that want more, in proportion to what they want.
    static func columnWidths(natural: [Double], available: Double) -> [Double] {
        guard natural.reduce(0, +) > available else { return natural }
        let share = available / Double(natural.count)
        var widths = natural.map { min($0, share) }
        let wanting = zip(natural, widths).map { $0 - $1 }
        let wanted = wanting.reduce(0, +)
        let spare = available - widths.reduce(0, +)
        if wanted > 0 {
            for index in widths.indices { widths[index] += spare * wanting[index] / wanted }
        }
        return widths
    }

    private static func alignment(_ alignment: Table.Alignment) -> ParagraphStyle.Alignment {
        switch alignment {
        case .none, .left: .left
        case .center: .center
        case .right: .right
        }
    }
}
