import Diagnostics
import Document
import Foundation
import Prepress

/// The real page count of each chapter, as the interior sets it, without keeping what was set:
/// a ten-year journal is measured a chapter at a time, so planning its volumes takes the
/// memory of one month, not of the whole journal (issue 37).
extension InteriorRenderer {
    struct ChapterMeasure {
        /// Opener and body pages: what the chapter adds after the blank that puts it on a recto.
        var pages: Int
        /// The page (0-based, within the chapter) on which each of its entries opens.
        var entryPages: [String: Int]
    }

    /// What `book`'s chapters need, each on the pages `plan` would give it, measured on up to
    /// `threads` threads (a chapter's count does not depend on which thread set it). The
    /// paragraphs' breaks go to `lineBreaks`, for the pass that draws.
    func measure(_ chapters: [Chapter], of book: Book, photos: PhotoPool?, threads: Int = 1,
                 keeping lineBreaks: LineBreakMemory? = nil) throws(RenderError) -> [ChapterMeasure] {
        let pool = try PhotoPool.given(photos, product: product)
        let indexed = Array(chapters.enumerated())
        let results = ParallelMap.map(indexed, threads: threads, state: {
            ChapterMeasurer(renderer: self, book: book, photos: pool, lineBreaks: lineBreaks)
        }) { measurer, item in
            Swift.Result { () throws(RenderError) in try measurer.measure(item.element, index: item.offset) }
        }
        return try results.map { result throws(RenderError) in try result.get() }
    }

    /// One thread's measuring: a Pango context and hyphenators are not for two threads at once.
    private final class ChapterMeasurer {
        let frame: TextFrame, engine: TextEngine, hyphenators: Hyphenators, paginator: Paginator
        let book: Book, photos: PhotoPool

        init(renderer: InteriorRenderer, book: Book, photos: PhotoPool, lineBreaks: LineBreakMemory?) {
            frame = TextFrame(geometry: renderer.product.geometry, lineHeight: renderer.typography.bodyLineHeight)
            engine = TextEngine(typography: renderer.typography, language: book.language)
            engine.volumePass = lineBreaks.map { .measuring($0) }
            hyphenators = Hyphenators(book: book.language)
            paginator = Paginator(areaHeight: frame.height)
            self.book = book
            self.photos = photos
        }

        func measure(_ chapter: Chapter, index: Int) throws(RenderError) -> ChapterMeasure {
            // A builder a chapter: what it measured goes with it.
            let builder = InteriorRenderer.flowBuilder(engine: engine, frame: frame, language: book.language, hyphenators: hyphenators,
                                                       photos: photos)
            let blocks = builder.chapterFlow(chapter, index: index)
            let pagination: Paginator.Pagination
            do {
                pagination = try paginator.paginate(blocks, firstPageTop: frame.height * InteriorRenderer.chapterSink, settings: builder)
            } catch {
                throw RenderError(file: "interior", message: "\(error)")
            }
            var entryPages: [String: Int] = [:]
            for (page, placements) in pagination.pages.enumerated() {
                for placement in placements where placement.lines.lowerBound == 0 {
                    if let entry = blocks[placement.block].opensEntry, entryPages[entry] == nil { entryPages[entry] = page }
                }
            }
            return ChapterMeasure(pages: pagination.pages.count, entryPages: entryPages)
        }
    }

    /// The builder of a book's flows in `frame`, one for the plan and the measuring alike, so
    /// a set's months are measured as they are drawn.
    static func flowBuilder(engine: TextEngine, frame: TextFrame, language: BookLanguage, hyphenators: Hyphenators,
                            photos: PhotoPool) -> FlowBuilder {
        // A photo leaves room under it for three lines of caption.
        FlowBuilder(engine: engine, measure: frame.width, language: language, hyphenators: hyphenators, photos: photos,
                    maximumPhotoHeight: frame.height - 3 * engine.typography.captionSize * 1.35 - PhotoRow.captionGap)
    }

    /// How far down its first page a chapter opens, as a share of the text area.
    static let chapterSink = 0.22

    /// Contents lines one page holds.
    var contentsCapacity: Int {
        let frame = TextFrame(geometry: product.geometry, lineHeight: typography.bodyLineHeight)
        return Int((frame.height - ContentsMetrics.titleAllowance) / typography.bodyLineHeight)
    }
}
