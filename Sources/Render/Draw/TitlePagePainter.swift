import CPangoCairo

/// The title page: title, subtitle, a rule, the author. Kept to type alone until the cover's
/// `drawCover` takes over the title page.
struct TitlePagePainter {
    let canvas: PDFCanvas
    let frame: TextFrame
    let engine: TextEngine
    let book: Book

    func paint() {
        let typography = engine.typography
        let centered = ParagraphStyle(alignment: .center)
        var top = frame.top + frame.height * 0.28
        let title = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(book.title)),
                                     font: typography.font(.titlePageTitle), width: frame.width, style: centered)
        drawAll(title, top: top)
        top += title.height + 10
        if let subtitle = book.subtitle, !subtitle.isEmpty {
            let paragraph = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(subtitle)),
                                             font: typography.font(.titlePageSubtitle), width: frame.width, style: centered)
            drawAll(paragraph, top: top)
            top += paragraph.height + 10
        }
        let ruleWidth = 48.0
        canvas.fillRectangle(x: frame.left + (frame.width - ruleWidth) / 2, y: top + 8, width: ruleWidth, height: 0.6)
        top += 30
        var authorStyle = centered
        authorStyle.letterSpacing = 1.5
        let author = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(book.author).uppercased()),
                                      font: typography.font(.titlePageAuthor), width: frame.width, style: authorStyle)
        drawAll(author, top: top)
    }

    private func drawAll(_ paragraph: MeasuredParagraph, top: Double) {
        var y = top
        for index in paragraph.lines.indices {
            paragraph.draw(line: index, left: frame.left, top: y, on: canvas.cairo)
            y += paragraph.lines[index].height
        }
    }
}
