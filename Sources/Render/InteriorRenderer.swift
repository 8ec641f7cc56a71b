import Diagnostics
import Foundation
import Prepress

/// The interior PDF of a book: layout with Pango, drawing with Cairo.
public struct InteriorRenderer: Sendable {
    public struct Result: Sendable {
        /// The final page count, padded to the product's rules.
        public var pages: Int
        /// Pages before padding.
        public var contentPages: Int
        public var notices: [Diagnostic]
        /// Where each printed page of the text begins, for the EPUB's page-list.
        public var pageMarks: [PageMark]
        /// What the finisher adds to the structure tree that Cairo 1.16 cannot write.
        public var structure: TaggedStructure
        /// PNG pictures of the first spreads (the first chapter's opening and the next), drawn by
        /// the same painter as the PDF, for the operator's report.
        public var previews: [Data]
        /// Measuring and paginating the text, and drawing the pages (waiting for photos included).
        public var layoutTime: Duration
        public var drawTime: Duration
        /// Drawing the console's page thumbnails, after the PDF.
        public var thumbnailTime: Duration
    }

    public var product: Product
    public var typography: Typography
    /// A set's volume: the breaks the set's measuring pass found for its paragraphs.
    public var lineBreaks: LineBreakMemory?

    public init(product: Product, typography: Typography? = nil) {
        self.product = product
        self.typography = typography ?? Typography(product: product)
    }

    /// `photos`: the job's pool, which prepares the photos ahead of the drawing.
    /// `thumbnails`, when given, is handed every page as a small JPEG (`thumbnailHeight` pixels
    /// tall), drawn after the PDF by the same painter.
    /// `spreadPreviews`: draw the first spreads' pictures for the operator's report (a set's
    /// first volume only).
    public func render(_ book: Book, cover: CoverContent, photos: PhotoPool? = nil, to file: URL,
                       thumbnailHeight: Int = 240, spreadPreviews: Bool = true, thumbnails: ((Int, Data) -> Void)? = nil) throws(RenderError) -> Result {
        let started = ContinuousClock.now
        let plan = try self.plan(book, file: file, photos: photos)
        let laidOut = ContinuousClock.now
        let sheet = product.interiorSheet.bound(onRight: book.bindsOnRight)
        let canvas = try PDFCanvas(file: file, width: sheet.mediaWidth, height: sheet.mediaHeight, product: product)
        canvas.setMetadata(.title, book.title)
        canvas.setMetadata(.author, book.author)
        canvas.setMetadata(.subject, subject(book))
        canvas.setMetadata(.creator, "Folio")
        canvas.setMetadata(.creationDate, Self.isoDate(book.contentDate))
        let photos = PhotoPainter(canvas: canvas, preparer: plan.builder.photos, engine: plan.builder.engine,
                                  language: book.language, minimumPPI: product.minimumImagePPI)
        var artist = CoverArtist(engine: plan.builder.engine, photos: plan.builder.photos, content: cover)
        artist.opaque = product.pdfx.map { !$0.allowsTransparency } ?? false
        let tags = StructureTags(drawing: canvas.drawing)
        let frames = plan.frames(book)
        let painter = InteriorPainter(canvas: canvas, photos: photos, cover: artist, sheet: sheet, tags: tags)
        let drawn = try painter.paint(frames.frames)
        plan.addOutline(book, on: canvas)
        try canvas.finish()
        let drawEnd = ContinuousClock.now
        if let thumbnails, let pictures = try? PageThumbnails(sheet: sheet, pixelHeight: thumbnailHeight, keep: thumbnails) {
            let photos = PhotoPainter(canvas: pictures, preparer: plan.builder.photos, engine: plan.builder.engine,
                                      language: book.language, minimumPPI: product.minimumImagePPI)
            _ = try? InteriorPainter(canvas: pictures, photos: photos, cover: artist, sheet: sheet).paint(frames.frames)
        }
        let drawTime = drawEnd - laidOut
        let thumbnailTime = ContinuousClock.now - drawEnd
        // Said once, so the operator tells the printer: a PDF's page order is the same either way.
        let binding = book.bindsOnRight ? [Diagnostic(code: .boundOnTheRight, message: "the book is in \"\(book.language.tag)\", read from the right: "
                                                          + "bound on the right, its front cover left of the spine", isInformational: true)] : []
        return Result(pages: plan.layout.pages.count, contentPages: plan.contentPages, notices: plan.notices + binding + drawn,
                      pageMarks: plan.pageMarks,
                      structure: TaggedStructure(language: book.language.rawValue, figureAlternates: tags.figureAlternates),
                      previews: spreadPreviews ? previews(plan, book: book, artist: artist) : [],
                      layoutTime: laidOut - started, drawTime: drawTime, thumbnailTime: thumbnailTime)
    }

    /// The first chapter's opening spread and the one after it.
    private func previews(_ plan: Plan, book: Book, artist: CoverArtist) -> [Data] {
        guard let opener = plan.layout.chapterPages.first else { return [] }
        let sheet = product.interiorSheet.bound(onRight: book.bindsOnRight)
        let frames = plan.frames(book)
        var pictures: [Data] = []
        for left in [opener - 1, opener + 1] where left >= 2 && left + 1 <= plan.layout.pages.count {
            guard let picture = try? SpreadPicture(sheet: sheet, pixelHeight: 420) else { continue }
            let photos = PhotoPainter(canvas: picture, preparer: plan.builder.photos, engine: plan.builder.engine,
                                      language: book.language, minimumPPI: product.minimumImagePPI)
            let painter = InteriorPainter(canvas: picture, photos: photos, cover: artist, sheet: sheet)
            guard (try? painter.paint([left, left + 1].map { frames.frame(page: $0) })) != nil, let png = try? picture.png() else { continue }
            pictures.append(png)
        }
        return pictures
    }

    /// Everything decided before drawing: the measured flow of every chapter and the page plan.
    struct Plan {
        var frame: TextFrame
        var builder: FlowBuilder
        var flows: [[FlowBlock]]
        var layout: BookLayout
        var contentPages: Int
        var notices: [Diagnostic]

        /// What the painter draws, page by page.
        func frames(_ book: Book) -> FrameBuilder {
            FrameBuilder(area: frame, builder: builder, book: book, chapterFlows: flows, layout: layout)
        }

        /// The title page, then the first block of every page that holds text.
        var pageMarks: [PageMark] {
            var marks: [PageMark] = []
            for (index, page) in layout.pages.enumerated() {
                guard let chapter = page.chapter, let first = page.placements.first,
                      let place = flows[chapter][first.block].source else { continue }
                marks.append(PageMark(page: index + 1, place: place))
            }
            return marks
        }
    }

    func plan(_ book: Book, file: URL, photos: PhotoPool? = nil) throws(RenderError) -> Plan {
        var notices: [Diagnostic] = []
        let frame = TextFrame(geometry: product.geometry, lineHeight: typography.bodyLineHeight)
        let engine = TextEngine(typography: typography, language: book.language)
        engine.volumePass = lineBreaks.map { .drawing($0) }
        let hyphenators = Hyphenators(book: book.language)
        notices += hyphenators.missing.map(hyphenators.notice)
        let missingForTheBook = hyphenators.missing.count
        try checkPageLimit(book, file: file)
        let builder = Self.flowBuilder(engine: engine, frame: frame, language: book.language, hyphenators: hyphenators,
                                       photos: try PhotoPool.given(photos, product: product))
        var flows = book.chapters.enumerated().map { builder.chapterFlow($0.element, index: $0.offset) }
        notices += builder.notices
        notices += hyphenators.missing.dropFirst(missingForTheBook).map(hyphenators.notice)
        let paginator = Paginator(areaHeight: frame.height)
        var layout: BookLayout
        do {
            layout = try BookLayout.make(chapters: flows, paginator: paginator, chapterSink: frame.height * Self.chapterSink,
                                         contentsCapacity: contentsCapacity, settings: builder)
        } catch {
            throw RenderError(file: file.path, message: "\(error)")
        }
        builder.adopt(layout.lineCounts, in: &flows)
        let contentPages = layout.pages.count
        guard let padded = product.pageRules.paddedCount(for: contentPages) else {
            throw RenderError(code: .pageLimitExceeded, file: file.path,
                              message: "the book needs \(contentPages) pages; product \"\(product.id)\" allows at most \(product.pageRules.maximum)")
        }
        layout.pad(to: padded)
        notices += LooseParagraphs.notices(flows: flows, layout: layout, paragraphs: builder.paragraphs)
        return Plan(frame: frame, builder: builder, flows: flows, layout: layout, contentPages: contentPages,
                    notices: notices)
    }

    /// Refuses, before any layout, a book that cannot fit the product even if every page held
    /// far more text than a page can: a pasted 10 MB entry fails in milliseconds, not minutes.
    private func checkPageLimit(_ book: Book, file: URL) throws(RenderError) {
        let fewestPages = fewestPages(book.entries)
        if fewestPages > product.pageRules.maximum {
            throw RenderError(code: .pageLimitExceeded, file: file.path,
                              message: "the text alone needs more than \(fewestPages) pages; product \"\(product.id)\" allows at most \(product.pageRules.maximum)")
        }
    }

    /// About the pages `book` takes, for choosing how to make it (never for cutting it): its
    /// text at twice the densest setting, a page and a blank for each month's opening, half a
    /// page a photo.
    public func likelyPages(_ book: Book) -> Int {
        fewestPages(book.entries) * 2 + book.chapters.count * 2 + book.entries.reduce(0) { $0 + $1.photos.count } / 2
    }

    /// Fewer pages than `entries` can possibly take: their characters at 0.3 em each, narrower
    /// than any text face sets on average, on full pages.
    public func fewestPages(_ entries: [BookEntry]) -> Int {
        let frame = TextFrame(geometry: product.geometry, lineHeight: typography.bodyLineHeight)
        let linesPerPage = frame.height / typography.bodyLineHeight
        let charactersPerLine = frame.width / (typography.bodySize * 0.3)
        let characters = entries.reduce(0) { $0 + $1.text.unicodeScalars.count }
        return Int(Double(characters) / (linesPerPage * charactersPerLine))
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
