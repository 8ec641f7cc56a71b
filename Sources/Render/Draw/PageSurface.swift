import Foundation
import Prepress

/// Where the interior painter draws: the PDF canvas, or a picture of a spread for the report.
protocol PageSurface: AnyObject {
    var drawing: any Drawing { get }
    /// PDF keeps photos as their JPEG bytes; a picture needs their pixels.
    var embedsJPEG: Bool { get }
    func beginPage(_ page: Int, of sheet: SheetGeometry)
    func endPage(_ page: Int, of sheet: SheetGeometry)
    func check(_ doing: String) throws(RenderError)
    /// A picture's pixels per point, so photos are decoded no larger than they are shown;
    /// nil for the PDF.
    var pixelsPerPoint: Double? { get }
}

/// Two facing pages as one picture, trimmed: the verso left, the recto right (the other way
/// round in a book bound on the right).
final class SpreadPicture: PageSurface {
    private let context: CairoContext
    var drawing: any Drawing { context }
    let embedsJPEG = false
    private let scale: Double
    private let sheet: SheetGeometry

    init(sheet: SheetGeometry, pixelHeight: Int) throws(RenderError) {
        scale = Double(pixelHeight) / sheet.trimHeight
        self.sheet = sheet
        let width = Int((2 * sheet.trimWidth * scale).rounded())
        context = try CairoContext(on: try CairoSurface.image(width: width, height: pixelHeight, label: "preview"))
        context.setColour(red: 1, green: 1, blue: 1)
        context.paint()
    }

    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        context.save()
        let left = sheet.outsideIsRight(page: page) ? sheet.trimWidth * scale : 0
        context.rectangle(x: left, y: 0, width: sheet.trimWidth * scale, height: sheet.trimHeight * scale)
        context.clip()
        context.translate(x: left, y: 0)
        context.scale(x: scale, y: scale)
        // Drawing coordinates put the trim's corner at (bleed, bleed).
        context.translate(x: -sheet.bleed, y: -sheet.bleed)
    }

    var pixelsPerPoint: Double? { scale }

    func endPage(_ page: Int, of sheet: SheetGeometry) {
        context.restore()
    }

    func check(_ doing: String) throws(RenderError) {
        try context.check(doing)
    }

    func png() throws(RenderError) -> Data {
        context.setColour(red: 0.75, green: 0.75, blue: 0.75)
        let middle = sheet.trimWidth * scale
        context.fillRectangle(x: middle - 0.5, y: 0, width: 1, height: sheet.trimHeight * scale)
        try check("drawing the spread")
        return try context.surface.png()
    }
}
