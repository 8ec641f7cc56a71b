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

    /// What `book`'s chapters need, one after the other, on the pages `plan` gives them.
    func measure(_ chapters: [Chapter], of book: Book, photos: PhotoPool?) throws(RenderError) -> [ChapterMeasure] {
        let frame = TextFrame(geometry: product.geometry, lineHeight: typography.bodyLineHeight)
        let engine = TextEngine(typography: typography, language: book.language)
        let hyphenators = Hyphenators(book: book.language)
        let pool = try PhotoPool.given(photos, product: product)
        let paginator = Paginator(areaHeight: frame.height)
        var measures: [ChapterMeasure] = []
        for (index, chapter) in chapters.enumerated() {
            // A builder a chapter: what it measured goes with it.
            let builder = FlowBuilder(engine: engine, measure: frame.width, language: book.language, hyphenators: hyphenators,
                                      photos: pool, maximumPhotoHeight: frame.height - 3 * typography.captionSize * 1.35 - PhotoRow.captionGap)
            let blocks = builder.chapterFlow(chapter, index: index)
            let pagination: Paginator.Pagination
            do {
                pagination = try paginator.paginate(blocks, firstPageTop: frame.height * Self.chapterSink, settings: builder)
            } catch {
                throw RenderError(file: "interior", message: "\(error)")
            }
            var entryPages: [String: Int] = [:]
            for (page, placements) in pagination.pages.enumerated() {
                for placement in placements where placement.lines.lowerBound == 0 {
                    if let entry = blocks[placement.block].opensEntry, entryPages[entry] == nil { entryPages[entry] = page }
                }
            }
            measures.append(ChapterMeasure(pages: pagination.pages.count, entryPages: entryPages))
        }
        return measures
    }

    /// How far down its first page a chapter opens, as a share of the text area.
    static let chapterSink = 0.22

    /// Contents lines one page holds.
    var contentsCapacity: Int {
        let frame = TextFrame(geometry: product.geometry, lineHeight: typography.bodyLineHeight)
        return Int((frame.height - ContentsMetrics.titleAllowance) / typography.bodyLineHeight)
    }
}
