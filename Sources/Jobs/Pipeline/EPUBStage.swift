import Diagnostics
import Foundation
import Prepress
import Render

/// The EPUB, written under a temporary name and renamed into place when complete.
struct EPUBStage {
    var product: Product

    struct Result {
        var file: URL
        var notices: [Diagnostic]
    }

    func run(_ book: Book, cover: CoverContent, orderID: String, pageMarks: [PageMark], numbering: PageNumbering = .book, photos: PhotoPool,
             into folder: URL) throws(JobError) -> Result {
        let file = folder.appendingPathComponent("book.epub")
        let partial = AtomicFile.temporary(for: file)
        defer { try? FileManager.default.removeItem(at: partial) }
        let rendered: EPUBRenderer.Result
        do {
            rendered = try EPUBRenderer(product: product).render(book, cover: cover, orderID: orderID, pageMarks: pageMarks, numbering: numbering,
                                                         photos: photos, to: partial)
            try AtomicFile.moveIntoPlace(partial, file)
        } catch let error as RenderError {
            throw .failed(code: .epubFailed, message: "\(file.lastPathComponent): \(error.message)")
        } catch {
            throw .failed(code: .ioError, message: "\(error)")
        }
        return Result(file: file, notices: rendered.notices)
    }
}
