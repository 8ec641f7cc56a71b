import Foundation
import Prepress

/// Something the renderer could not do as asked, reported instead of failing the book.
public struct RenderNotice: Sendable, Equatable {
    public var code: String
    public var message: String
    public var entry: String?
    public var page: Int?

    public init(code: String, message: String, entry: String? = nil, page: Int? = nil) {
        self.code = code
        self.message = message
        self.entry = entry
        self.page = page
    }
}

/// The interior PDF of a book: layout with Pango, drawing with Cairo.
public struct InteriorRenderer: Sendable {
    public struct Result: Sendable {
        /// The final page count, padded to the product's rules.
        public var pages: Int
        /// Pages before padding.
        public var contentPages: Int
        public var notices: [RenderNotice]
    }

    public var product: Product
    public var typography: Typography

    public init(product: Product, typography: Typography = Typography()) {
        self.product = product
        self.typography = typography
    }

    public func render(_ book: Book, to file: URL) throws(RenderError) -> Result {
        var notices: [RenderNotice] = []
        let geometry = product.geometry
        let frame = TextFrame(geometry: geometry, lineHeight: typography.bodyLineHeight)
        let engine = TextEngine(typography: typography, language: book.language)
        let hyphenator = Hyphenator.forLanguage(book.language)
        if hyphenator == nil {
            notices.append(RenderNotice(code: "no-hyphenation-dictionary",
                                        message: "no hyphenation dictionary for \"\(book.language.rawValue)\"; text is set unhyphenated"))
        }
        let builder = FlowBuilder(engine: engine, measure: frame.width, language: book.language, hyphenator: hyphenator)
        let flows = book.chapters.map(builder.chapterFlow)
        let paginator = Paginator(areaHeight: frame.height)
        let contentsCapacity = Int((frame.height - ContentsMetrics.titleAllowance) / typography.bodyLineHeight)
        var layout: BookLayout
        do {
            layout = try BookLayout.make(chapters: flows, paginator: paginator, chapterSink: frame.height * 0.22,
                                         contentsCapacity: contentsCapacity)
        } catch {
            throw RenderError(file: file.path, message: "\(error)")
        }
        let contentPages = layout.pages.count
        guard let padded = product.pageRules.paddedCount(for: contentPages) else {
            throw RenderError(file: file.path, message: "the book needs \(contentPages) pages; product \"\(product.id)\" allows at most \(product.pageRules.maximum)")
        }
        layout.pad(to: padded)

        let canvas = try PDFCanvas(file: file, width: geometry.mediaWidth, height: geometry.mediaHeight)
        canvas.setMetadata(.title, book.title)
        canvas.setMetadata(.author, book.author)
        canvas.setMetadata(.subject, subject(book))
        canvas.setMetadata(.creator, "Folio")
        canvas.setMetadata(.creationDate, Self.isoDate(book.contentDate))
        let painter = InteriorPainter(canvas: canvas, frame: frame, builder: builder, book: book, chapterFlows: flows)
        try painter.paint(layout)
        try canvas.finish()
        return Result(pages: layout.pages.count, contentPages: contentPages, notices: notices)
    }

    private func subject(_ book: Book) -> String {
        guard let first = book.chapters.first, let last = book.chapters.last else { return book.title }
        let from = book.language.chapterTitle(year: first.year, month: first.month)
        let to = book.language.chapterTitle(year: last.year, month: last.month)
        return from == to ? from : "\(from) – \(to)"
    }

    /// `YYYY-MM-DDThh:mm:ssZ`, the form Cairo's metadata takes.
    static func isoDate(_ date: Date) -> String {
        let t = CivilCalendar.utcFields(date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", t.year, t.month, t.day, t.hour, t.minute, t.second)
    }
}
