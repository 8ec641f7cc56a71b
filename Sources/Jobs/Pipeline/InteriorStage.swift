import Diagnostics
import Foundation
import Prepress
import Render

/// Renders the interior PDF and finishes it for print: Cairo draws, qpdf sets the boxes and
/// output intent, and the file is renamed into place only when complete.
struct InteriorStage {
    var product: Product
    /// The console's page thumbnails, beside the PDF.
    var thumbnails: Bool

    struct Result: Sendable {
        var file: URL
        var pages: Int
        var notices: [Diagnostic]
        var pageMarks: [PageMark]
        var layoutTime: Duration
        var drawTime: Duration
        var thumbnailTime: Duration
    }

    /// `name`: `interior.pdf`, or a volume's `interior-N.pdf`, whose thumbnails follow the
    /// pages of the volumes before it (`inSetAfter`) in the console's one page grid, in a folder
    /// the set emptied before its first volume (`emptyThumbnails`).
    func run(_ book: Book, cover: CoverContent, photos: PhotoPool, into folder: URL, name: String = "interior.pdf",
             inSetAfter pagesBefore: Int? = nil, lineBreaks: LineBreakMemory? = nil) throws(JobError) -> Result {
        if pagesBefore == nil { Self.emptyThumbnails(in: folder) }
        // The console's page grid: every page, drawn by the same painter (a folder of its own).
        let pictures = folder.appendingPathComponent(PageThumbnail.folder)
        if thumbnails { try? FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true) }
        let pagesBefore = pagesBefore ?? 0
        let keep: ((Int, Data) -> Void)? = thumbnails ? { page, jpeg in
            try? AtomicFile.write(jpeg, to: pictures.appendingPathComponent(PageThumbnail.name(pagesBefore + page)))
        } : nil
        let (file, rendered) = try PrintFinishing.produce(name, in: folder, product: product, inkLimitPercent: product.maximumInkPercent,
                                                         date: book.contentDate, title: book.title, sheet: { _ in product.interiorSheet.bound(onRight: book.bindsOnRight) },
                                                         structure: \.structure) { drawn throws(RenderError) in
            var renderer = InteriorRenderer(product: product)
            renderer.lineBreaks = lineBreaks
            return try renderer.render(book, cover: cover, photos: photos, to: drawn, spreadPreviews: pagesBefore == 0, thumbnails: keep)
        }
        // Pictures of the first spreads for the operator's report, beside it (the first volume's).
        for (index, picture) in rendered.previews.enumerated() {
            try? AtomicFile.write(picture, to: folder.appendingPathComponent("preview-spread-\(index + 1).png"))
        }
        return Result(file: file, pages: rendered.pages, notices: rendered.notices, pageMarks: rendered.pageMarks,
                      layoutTime: rendered.layoutTime, drawTime: rendered.drawTime, thumbnailTime: rendered.thumbnailTime)
    }

    /// The page grid of an earlier rendering goes before a new one begins.
    static func emptyThumbnails(in folder: URL) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(PageThumbnail.folder))
    }
}
