import CPangoCairo
import Foundation
import Prepress

/// Draws an entry's photos on the PDF canvas, or placeholders where they cannot be printed.
struct PhotoPainter {
    let canvas: PageSurface
    let preparer: PhotoPool
    let engine: TextEngine
    let language: BookLanguage
    let minimumPPI: Double

    /// Draws one cell at (`left`, `top`); returns what went wrong or looks wrong, if anything.
    func paint(_ cell: PhotoCell, left: Double, top: Double, page: Int) -> [RenderNotice] {
        let x = left + cell.x
        if let failure = cell.failure {
            paintPlaceholder(x: x, y: top, width: cell.width, height: cell.height)
            // Found when the layout probed the file; said here, where its page is known.
            return [RenderNotice(code: failure.code, message: "\(cell.photo.name): \(failure)", entry: cell.entry, page: page)]
        }
        let prepared: PreparedPhoto
        do {
            prepared = try preparer.prepare(cell.photo.file, cap: cell.cap, for: canvas.embedsJPEG ? .print : .screen)
        } catch {
            paintPlaceholder(x: x, y: top, width: cell.width, height: cell.height)
            return [RenderNotice(code: error.code, message: "\(cell.photo.name): \(error)", entry: cell.entry, page: page)]
        }
        if canvas.embedsJPEG {
            PhotoEmbedding.embedJPEG(prepared.jpeg, on: canvas.cairo, x: x, y: top, width: cell.width, height: cell.height)
        } else {
            PhotoEmbedding.paintJPEG(prepared.jpeg, on: canvas.cairo, x: x, y: top, width: cell.width, height: cell.height,
                                     pixelsPerPoint: canvas.pixelsPerPoint)
        }
        let ppi = Double(prepared.pixelWidth) / (cell.width / 72)
        if ppi < minimumPPI {
            return [RenderNotice(code: "low-resolution-image",
                                 message: "\(cell.photo.name): \(Int(ppi.rounded())) ppi at its printed size (minimum \(Int(minimumPPI)))",
                                 entry: cell.entry, page: page)]
        }
        return []
    }

    /// A visible stand-in: a pale frame with a word, so the reader sees a photo was meant here.
    private func paintPlaceholder(x: Double, y: Double, width: Double, height: Double) {
        let cairo = canvas.cairo
        cairo_save(cairo)
        cairo_set_source_rgb(cairo, 0.93, 0.93, 0.93)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill_preserve(cairo)
        cairo_set_source_rgb(cairo, 0.6, 0.6, 0.6)
        cairo_set_line_width(cairo, 0.5)
        cairo_stroke(cairo)
        cairo_set_source_rgb(cairo, 0.4, 0.4, 0.4)
        let label = engine.paragraph(markup: PangoMarkup.escape(language.photoUnavailable),
                                     font: engine.typography.font(.caption), width: width,
                                     style: ParagraphStyle(alignment: .center))
        var top = y + (height - label.height) / 2
        for line in label.lines.indices {
            label.draw(line: line, left: x, top: top, on: cairo)
            top += label.lines[line].height
        }
        cairo_restore(cairo)
    }
}
