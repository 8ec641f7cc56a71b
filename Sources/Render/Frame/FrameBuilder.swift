import Document
import Prepress

/// Makes each page's frame from the layout: the set lines of the flow's paragraphs where the
/// paginator placed them, the photos with their alternative text, the rules, the contents and the
/// running heads, each item with its entry and role. The interior's last step that reads Pango
/// paragraphs; the painter draws what it makes.
struct FrameBuilder {
    let area: TextFrame
    let builder: FlowBuilder
    let book: Book
    let chapterFlows: [[FlowBlock]]
    let layout: BookLayout
    /// Per chapter, each block's entry: the last entry head at or before it.
    private let blockEntries: [[String?]]
    /// A photo without a caption is described by its entry's date, as in the EPUB.
    private let dates: [String: LocalDateTime]

    init(area: TextFrame, builder: FlowBuilder, book: Book, chapterFlows: [[FlowBlock]], layout: BookLayout) {
        self.area = area
        self.builder = builder
        self.book = book
        self.chapterFlows = chapterFlows
        self.layout = layout
        blockEntries = chapterFlows.map { flow in
            var entry: String?
            return flow.map { block in
                if let opened = block.opensEntry { entry = opened }
                if case .chapter? = block.source { entry = nil }
                return entry
            }
        }
        var dates: [String: LocalDateTime] = [:]
        for entry in book.entries { dates[entry.id] = entry.local }
        self.dates = dates
    }

    private var typography: Typography { builder.engine.typography }
    private var language: BookLanguage { book.language }

    /// Page `number` (1-based).
    func frame(page number: Int) -> PageFrame {
        let page = layout.pages[number - 1]
        var items: [FrameItem] = []
        switch page.kind {
        case .title:
            items = [FrameItem(content: .cover, opens: .section)]
        case .contents:
            items = contents(page)
        case .chapterOpener, .body:
            guard let chapter = page.chapter else { break }
            items = page.placements.map { item($0, chapter: chapter) }
            if page.kind == .body, let head = runningHead(page: number, chapter: book.chapters[chapter]) { items.append(head) }
        case .imprint, .blank:
            break
        }
        return PageFrame(number: number, items: items)
    }

    /// Every page's frame, in order, made as it is asked for.
    var frames: some Sequence<PageFrame> { layout.pages.indices.lazy.map { frame(page: $0 + 1) } }

    private func item(_ placement: Placement, chapter: Int) -> FrameItem {
        let block = chapterFlows[chapter][placement.block]
        let left = area.left + block.indent
        let top = area.top + placement.y
        var opens: FrameItem.Opening?
        if case .chapter? = block.source { opens = .section } else if block.opensEntry != nil { opens = .entry }
        let content: FrameItem.Content
        switch block.content {
        case .text(let id, _):
            let lines = place(builder.paragraphs[id], lines: placement.lines, left: left, top: top)
            if let marker = block.marker {
                let label = placement.lines.contains(0)
                    ? builder.paragraphs[marker].setLine(0).map { PlacedLine(line: $0, left: left - typography.listIndent, top: top) }
                    : nil
                content = .listItem(label: label, body: lines)
            } else {
                content = .text(lines, heading: block.heading)
            }
        case .figure(let id, let height):
            switch builder.figures[id] {
            case .rule:
                let width = 60.0
                content = .rule(Rect(x: area.left + (area.width - width) / 2, y: top + height / 2, width: width, height: 0.5))
            case .tableRow(let row):
                let cells = row.cells.map { cell in
                    place(builder.paragraphs[cell.paragraph], left: left + cell.x, top: top + TableRow.padding)
                }
                content = .tableRow(cells: cells, header: row.isHeader, startsTable: row.startsTable,
                                    rule: Rect(x: left, y: top + row.height - 0.25, width: row.width, height: row.isHeader ? 0.75 : 0.25))
            case .photos(let row):
                content = .photos(row.cells.map { cell in
                    let caption = cell.caption.map {
                        place(builder.paragraphs[$0], left: area.left + cell.x, top: top + row.imageHeight + PhotoRow.captionGap)
                    }
                    return PlacedPhoto(cell: cell, left: area.left, top: top, alternate: alternate(for: cell), caption: caption ?? [])
                })
            }
        }
        return FrameItem(content: content, entry: blockEntries[chapter][placement.block], opens: opens)
    }

    /// The photo's caption as written, else "Photo, <its entry's date>".
    private func alternate(for cell: PhotoCell) -> String {
        let written = cell.photo.caption.map { TextCleaner.clean($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        if let written, !written.isEmpty { return written }
        return dates[cell.entry].map { "\(language.photoWord), \(language.entryDate($0))" } ?? language.photoWord
    }

    /// `lines` of `paragraph` (all of them when nil), one under the other from `top`.
    private func place(_ paragraph: MeasuredParagraph, lines: Range<Int>? = nil, left: Double, top: Double) -> [PlacedLine] {
        var placed: [PlacedLine] = []
        var y = top
        for index in lines ?? paragraph.lines.indices {
            guard let line = paragraph.setLine(index) else { continue }
            placed.append(PlacedLine(line: line, left: left, top: y))
            y += line.height
        }
        return placed
    }

    /// Verso: folio left, then the journal and year. Recto: the month, folio right. A book bound
    /// on the right mirrors both: each head is set right to left (a right-to-left mark first,
    /// whatever its words), so the folio stands on the outside edge and its alignment turns.
    private func runningHead(page: Int, chapter: Chapter) -> FrameItem? {
        let folio = String(page)
        var style = ParagraphStyle(letterSpacing: 1.2)
        var label: String
        if BookLayout.isVerso(page) {
            label = "\(folio)\u{2003}\u{2003}\(language.uppercased(book.runningTitle)) · \(chapter.year)"
            style.alignment = .left
        } else {
            label = "\(language.uppercased(language.monthNames[chapter.month - 1]))\u{2003}\u{2003}\(folio)"
            style.alignment = .right
        }
        if book.bindsOnRight { label = "\u{200F}" + label }
        let head = builder.engine.paragraph(markup: PangoMarkup.escape(label), font: typography.font(.runningHead),
                                            width: area.width, style: style)
        guard let line = head.setLine(0) else { return nil }
        return FrameItem(content: .runningHead(PlacedLine(line: line, left: area.left, top: area.runningHeadBaseline - line.baseline)))
    }

    private func contents(_ page: BookLayout.Page) -> [FrameItem] {
        guard let lines = page.contentsLines else { return [] }
        var items: [FrameItem] = []
        var top = area.top + 40
        if lines.lowerBound == 0 {
            let title = builder.engine.paragraph(markup: PangoMarkup.escape(language.contentsWord),
                                                 font: typography.font(.contentsTitle), width: area.width)
            items.append(FrameItem(content: .text(place(title, lines: 0..<min(1, title.lines.count), left: area.left, top: top), heading: 1),
                                   opens: .section))
            top += title.height + ContentsMetrics.gapAfterTitle
        }
        let font = typography.font(.contentsLine)
        // A book bound on the right reads its contents from the right: titles there (set right to
        // left), page numbers on the left.
        let mirrored = book.bindsOnRight
        for index in lines {
            let chapter = book.chapters[index]
            let title = language.chapterTitle(year: chapter.year, month: chapter.month)
            let name = builder.engine.paragraph(markup: PangoMarkup.escape(mirrored ? "\u{200F}" + title : title),
                                                font: font, width: area.width - 40,
                                                style: ParagraphStyle(lineHeight: typography.bodyLineHeight))
            let number = builder.engine.paragraph(markup: String(layout.chapterPages[index]), font: font, width: area.width,
                                                  style: ParagraphStyle(alignment: mirrored ? .left : .right, lineHeight: typography.bodyLineHeight))
            let placed = [(name, mirrored ? area.left + 40 : area.left), (number, area.left)].compactMap { paragraph, left in
                paragraph.setLine(0).map { PlacedLine(line: $0, left: left, top: top) }
            }
            items.append(FrameItem(content: .contentsLine(placed)))
            top += typography.bodyLineHeight
        }
        return items
    }
}
