import Foundation
import Prepress
import Render

/// Renders the interior PDF and finishes it for print: Cairo draws, qpdf sets the boxes and
/// output intent, and the file is renamed into place only when complete.
struct InteriorStage {
    var product: Product
    var configFolder: URL

    struct Result {
        var file: URL
        var pages: Int
        var notices: [RenderNotice]
        var pageMarks: [PageMark]
    }

    func run(_ book: Book, cover: CoverContent, into folder: URL) throws(JobError) -> Result {
        let file = folder.appendingPathComponent("interior.pdf")
        let drawn = folder.appendingPathComponent(".interior.cairo.pdf")
        let finished = AtomicFile.temporary(for: file)
        defer {
            try? FileManager.default.removeItem(at: drawn)
            try? FileManager.default.removeItem(at: finished)
        }
        let rendered: InteriorRenderer.Result
        do {
            rendered = try InteriorRenderer(product: product).render(book, cover: cover, to: drawn)
        } catch {
            throw .failed(code: error.code, message: "\(file.lastPathComponent): \(error.message)")
        }
        try PrintFinishing.finish(drawn, to: finished, sheet: product.interiorSheet, product: product, configFolder: configFolder, date: book.contentDate)
        do {
            try AtomicFile.moveIntoPlace(finished, file)
        } catch {
            throw .failed(code: "io-error", message: "\(error)")
        }
        // Pictures of the first spreads for the operator's report, beside it.
        for (index, picture) in rendered.previews.enumerated() {
            try? AtomicFile.write(picture, to: folder.appendingPathComponent("preview-spread-\(index + 1).png"))
        }
        return Result(file: file, pages: rendered.pages, notices: rendered.notices, pageMarks: rendered.pageMarks)
    }
}
