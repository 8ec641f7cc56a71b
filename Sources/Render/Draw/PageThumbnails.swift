import Foundation
import Prepress

/// Every page of the interior as a small picture, trimmed, drawn by the same painter as the
/// PDF: the console's page grid. Each page is handed to `keep` as JPEG bytes as soon as it is
/// drawn, so the pictures never pile up in memory.
final class PageThumbnails: PageSurface {
    private let context: CairoContext
    var drawing: any Drawing { context }
    let embedsJPEG = false
    let scale: Double
    private let keep: (Int, Data) -> Void

    init(sheet: SheetGeometry, pixelHeight: Int, keep: @escaping (Int, Data) -> Void) throws(RenderError) {
        scale = Double(pixelHeight) / sheet.trimHeight
        self.keep = keep
        let width = Int((sheet.trimWidth * scale).rounded())
        context = try CairoContext(on: try CairoSurface.image(width: width, height: pixelHeight, label: "thumbnails"))
    }

    var pixelsPerPoint: Double? { scale }

    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        context.setColour(red: 1, green: 1, blue: 1)
        context.paint()
        context.save()
        context.scale(x: scale, y: scale)
        context.translate(x: -sheet.bleed, y: -sheet.bleed)
    }

    func endPage(_ page: Int, of sheet: SheetGeometry) {
        context.restore()
        // JPEG, not PNG: zlib took four fifths of the thumbnails' time; at this size a page of
        // text reads the same. A page that cannot be encoded is left out; the painter's check
        // reports a broken surface.
        if let jpeg = try? context.surface.jpeg(quality: 80, iccProfile: nil) {
            keep(page, jpeg)
        }
    }

    func check(_ doing: String) throws(RenderError) {
        try context.check(doing)
    }
}
