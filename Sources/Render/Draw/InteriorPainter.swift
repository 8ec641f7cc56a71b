import Document
import Diagnostics
import Prepress

/// Paints a laid-out interior on a PDF canvas: title page, contents, chapters, running heads.
/// Reads the layout; decides nothing about what goes where.
struct InteriorPainter {
    let canvas: PageSurface
    let frame: TextFrame
    let builder: FlowBuilder
    let book: Book
    let chapterFlows: [[FlowBlock]]
    let photos: PhotoPainter
    let cover: CoverArtist
    let sheet: SheetGeometry
    /// The structure tree the PDF is tagged with; untagged (pictures of pages) unless given.
    var tags = StructureTags(drawing: nil)

    private var typography: Typography { builder.engine.typography }
    private var language: BookLanguage { book.language }

    /// Paints every page (or only `only`, 1-based); returns what the photos reported
    /// (placeholders, low resolution).
    func paint(_ layout: BookLayout, only: Set<Int>? = nil) throws(RenderError) -> [Diagnostic] {
        var notices: [Diagnostic] = []
        // A photo without a caption is described by its entry's date, as in the EPUB.
        var dates: [String: LocalDateTime] = [:]
        for entry in book.entries { dates[entry.id] = entry.local }
        for (index, page) in layout.pages.enumerated() {
            let number = index + 1
            if let only, !only.contains(number) { continue }
            canvas.beginPage(number, of: sheet)
            canvas.drawing.setGray(0)
            switch page.kind {
            case .title:
                // The title page is the cover again: an artifact (the title is the document's own).
                tags.closeAll()
                // The title page is the front cover, drawn by the same drawCover as cover.pdf.
                let geometry = frame.geometry
                let trim = Rect(x: geometry.bleed, y: geometry.bleed, width: geometry.trimWidth, height: geometry.trimHeight)
                if let notice = cover.drawCover(on: canvas.drawing, trim: trim, bleed: geometry.bleed, embedPhotoAsJPEG: canvas.embedsJPEG) {
                    notices.append(notice)
                }
            case .contents:
                paintContents(page, layout: layout)
            case .chapterOpener, .body:
                guard let chapter = page.chapter else { break }
                notices += paintPlacements(page.placements, flow: chapterFlows[chapter], page: number, dates: dates)
                if page.kind == .body { paintRunningHead(page: number, chapter: book.chapters[chapter]) }
            case .imprint, .blank:
                break
            }
            canvas.endPage(number, of: sheet)
            try canvas.check("drawing page \(number)")
        }
        tags.closeAll()
        if let pdf = canvas as? PDFCanvas { addOutline(layout, on: pdf) }
        return notices
    }

    private func paintPlacements(_ placements: [Placement], flow: [FlowBlock], page: Int,
                                 dates: [String: LocalDateTime]) -> [Diagnostic] {
        var notices: [Diagnostic] = []
        for placement in placements {
            let block = flow[placement.block]
            let left = frame.left + block.indent
            if case .chapter? = block.source { tags.closeAll() }
            if block.opensEntry != nil { tags.beginEntry() }
            switch block.content {
            case .text(let id, _):
                let paragraph = builder.paragraphs[id]
                let top = frame.top + placement.y
                func lines() {
                    var y = top
                    for line in placement.lines {
                        canvas.drawing.draw(paragraph, line: line, left: left, top: y)
                        y += paragraph.lines[line].height
                    }
                }
                if let marker = block.marker {
                    tags.enter("L")
                    tags.group("LI") {
                        if placement.lines.contains(0) {
                            tags.leaf("Lbl") {
                                canvas.drawing.draw(builder.paragraphs[marker], line: 0, left: left - typography.listIndent, top: top)
                            }
                        }
                        tags.leaf("LBody", lines)
                    }
                } else if let level = block.heading {
                    tags.leaveGroups()
                    tags.heading(level, lines)
                } else {
                    tags.leaveGroups()
                    tags.leaf("P", lines)
                }
            case .figure(let id, let height):
                switch builder.figures[id] {
                case .rule:
                    tags.leaveGroups()
                    let width = 60.0
                    canvas.drawing.fillRectangle(x: frame.left + (frame.width - width) / 2,
                                         y: frame.top + placement.y + height / 2, width: width, height: 0.5)
                case .tableRow(let row):
                    tags.enter("Table", fresh: row.startsTable)
                    let top = frame.top + placement.y
                    tags.group("TR") {
                        for cell in row.cells {
                            tags.leaf(row.isHeader ? "TH" : "TD") {
                                canvas.drawing.drawLines(builder.paragraphs[cell.paragraph], left: left + cell.x, top: top + TableRow.padding)
                            }
                        }
                        canvas.drawing.fillRectangle(x: left, y: top + row.height - 0.25, width: row.width,
                                                     height: row.isHeader ? 0.75 : 0.25)
                    }
                case .photos(let row):
                    tags.leaveGroups()
                    let top = frame.top + placement.y
                    for cell in row.cells {
                        let caption = cell.caption.map { builder.paragraphs[$0] }
                        let written = cell.photo.caption.map { TextCleaner.clean($0).trimmingCharacters(in: .whitespacesAndNewlines) }
                        let described = written.flatMap { $0.isEmpty ? nil : $0 }
                            ?? dates[cell.entry].map { "\(language.photoWord), \(language.entryDate($0))" } ?? language.photoWord
                        tags.figure(alternate: described) {
                            notices += photos.paint(cell, left: frame.left, top: top, page: page)
                        }
                        if let caption {
                            tags.leaf("P") {
                                canvas.drawing.drawLines(caption, left: frame.left + cell.x, top: top + row.imageHeight + PhotoRow.captionGap)
                            }
                        }
                    }
                }
            }
        }
        return notices
    }

    /// Verso: folio left, then the journal and year. Recto: the month, folio right.
    private func paintRunningHead(page: Int, chapter: Chapter) {
        let spaced = ParagraphStyle(letterSpacing: 1.2)
        let folio = String(page)
        let label: String
        let alignment: ParagraphStyle.Alignment
        if BookLayout.isVerso(page) {
            label = "\(folio)\u{2003}\u{2003}\(book.runningTitle.uppercased()) · \(chapter.year)"
            alignment = .left
        } else {
            label = "\(language.monthNames[chapter.month - 1].uppercased())\u{2003}\u{2003}\(folio)"
            alignment = .right
        }
        var style = spaced
        style.alignment = alignment
        let head = builder.engine.paragraph(markup: PangoMarkup.escape(label), font: typography.font(.runningHead),
                                            width: frame.width, style: style)
        guard let first = head.lines.first else { return }
        canvas.drawing.draw(head, line: 0, left: frame.left, top: frame.runningHeadBaseline - first.baseline)
    }

    private func paintContents(_ page: BookLayout.Page, layout: BookLayout) {
        guard let lines = page.contentsLines else { return }
        var top = frame.top + 40
        if lines.lowerBound == 0 {
            let title = builder.engine.paragraph(markup: PangoMarkup.escape(language.contentsWord),
                                                 font: typography.font(.contentsTitle), width: frame.width)
            tags.closeAll()
            tags.heading(1) { canvas.drawing.draw(title, line: 0, left: frame.left, top: top) }
            top += title.height + ContentsMetrics.gapAfterTitle
        }
        tags.enter("TOC")
        let font = typography.font(.contentsLine)
        for index in lines {
            let chapter = book.chapters[index]
            let name = builder.engine.paragraph(markup: PangoMarkup.escape(language.chapterTitle(year: chapter.year, month: chapter.month)),
                                                font: font, width: frame.width - 40,
                                                style: ParagraphStyle(lineHeight: typography.bodyLineHeight))
            let number = builder.engine.paragraph(markup: String(layout.chapterPages[index]), font: font, width: frame.width,
                                                  style: ParagraphStyle(alignment: .right, lineHeight: typography.bodyLineHeight))
            tags.leaf("TOCI") {
                canvas.drawing.draw(name, line: 0, left: frame.left, top: top)
                canvas.drawing.draw(number, line: 0, left: frame.left, top: top)
            }
            top += typography.bodyLineHeight
        }
    }

    private func addOutline(_ layout: BookLayout, on canvas: PDFCanvas) {
        for (index, chapter) in book.chapters.enumerated() {
            let parent = canvas.addOutline(parent: 0, title: language.chapterTitle(year: chapter.year, month: chapter.month),
                                           page: layout.chapterPages[index], y: 0)
            for entry in chapter.entries {
                guard let location = layout.entryLocations[entry.id] else { continue }
                var title = language.entryDate(entry.local)
                if let heading = entry.title, !heading.isEmpty { title += " — " + heading }
                canvas.addOutline(parent: parent, title: title, page: location.page, y: frame.top + location.y)
            }
        }
    }
}

/// Spacing of the contents pages, shared by the layout (how many lines fit) and the painter.
enum ContentsMetrics {
    static let gapAfterTitle = 24.0
    static let titleAllowance = 40.0 + 30.0 + gapAfterTitle
}
