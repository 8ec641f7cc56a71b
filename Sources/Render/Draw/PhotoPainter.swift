import Document
import Diagnostics
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
    func paint(_ cell: PhotoCell, left: Double, top: Double, page: Int) -> [Diagnostic] {
        let x = left + cell.x
        if let failure = cell.failure {
            paintPlaceholder(x: x, y: top, width: cell.width, height: cell.height)
            // Found when the layout probed the file; said here, where its page is known.
            return [Diagnostic(code: failure.code, message: "\(cell.photo.name): \(failure)", entry: cell.entry, page: page)]
        }
        let prepared: PreparedPhoto
        do {
            prepared = try preparer.prepare(cell.photo.file, cap: cell.cap, for: canvas.embedsJPEG ? .print : .screen)
        } catch {
            paintPlaceholder(x: x, y: top, width: cell.width, height: cell.height)
            return [Diagnostic(code: error.code, message: "\(cell.photo.name): \(error)", entry: cell.entry, page: page)]
        }
        if canvas.embedsJPEG {
            canvas.drawing.embedJPEG(prepared.jpeg, x: x, y: top, width: cell.width, height: cell.height)
        } else {
            canvas.drawing.paintJPEG(prepared.jpeg, x: x, y: top, width: cell.width, height: cell.height,
                                     pixelsPerPoint: canvas.pixelsPerPoint)
        }
        let ppi = Double(prepared.pixelWidth) / (cell.width / 72)
        if ppi < minimumPPI {
            return [Diagnostic(code: .lowResolutionImage,
                               message: "\(cell.photo.name): \(Int(ppi.rounded())) ppi at its printed size (minimum \(Int(minimumPPI)))",
                               entry: cell.entry, page: page)]
        }
        return []
    }

    /// A visible stand-in: a pale frame with a word, so the reader sees a photo was meant here.
    private func paintPlaceholder(x: Double, y: Double, width: Double, height: Double) {
        let drawing = canvas.drawing
        drawing.save()
        drawing.setGray(0.93)
        drawing.rectangle(x: x, y: y, width: width, height: height)
        drawing.fillPreserve()
        drawing.setGray(0.6)
        drawing.setLineWidth(0.5)
        drawing.stroke()
        drawing.setGray(0.4)
        let label = engine.paragraph(markup: PangoMarkup.escape(language.photoUnavailable),
                                     font: engine.typography.font(.caption), width: width,
                                     style: ParagraphStyle(alignment: .center))
        drawing.drawLines(label.setLines, left: x, top: y + (height - label.height) / 2)
        drawing.restore()
    }
}
