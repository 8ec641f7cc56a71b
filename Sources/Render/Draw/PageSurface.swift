import CPangoCairo
import Foundation
import Prepress

/// Where the interior painter draws: the PDF canvas, or a picture of a spread for the report.
protocol PageSurface: AnyObject {
    var cairo: OpaquePointer { get }
    /// PDF keeps photos as their JPEG bytes; a picture needs their pixels.
    var embedsJPEG: Bool { get }
    func beginPage(_ page: Int, of sheet: SheetGeometry)
    func endPage(_ page: Int, of sheet: SheetGeometry)
    func check(_ doing: String) throws(RenderError)
    /// A picture's pixels per point, so photos are decoded no larger than they are shown;
    /// nil for the PDF.
    var pixelsPerPoint: Double? { get }
}

extension PageSurface {
    func setFill(gray: Double) { cairo_set_source_rgb(cairo, gray, gray, gray) }

    func fillRectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }
}

/// Two facing pages as one picture, trimmed: the verso left, the recto right.
final class SpreadPicture: PageSurface {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let embedsJPEG = false
    private let scale: Double
    private let sheet: SheetGeometry

    init?(sheet: SheetGeometry, pixelHeight: Int) {
        scale = Double(pixelHeight) / sheet.trimHeight
        self.sheet = sheet
        let width = Int((2 * sheet.trimWidth * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(pixelHeight)),
              let cairo = cairo_create(surface) else { return nil }
        self.surface = surface
        self.cairo = cairo
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_save(cairo)
        let left = page % 2 == 0 ? 0 : sheet.trimWidth * scale
        cairo_rectangle(cairo, left, 0, sheet.trimWidth * scale, sheet.trimHeight * scale)
        cairo_clip(cairo)
        cairo_translate(cairo, left, 0)
        cairo_scale(cairo, scale, scale)
        // Drawing coordinates put the trim's corner at (bleed, bleed).
        cairo_translate(cairo, -sheet.bleed, -sheet.bleed)
    }

    var pixelsPerPoint: Double? { scale }

    func endPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_restore(cairo)
    }

    func check(_ doing: String) throws(RenderError) {
        if cairo_status(cairo) != CAIRO_STATUS_SUCCESS {
            throw RenderError(file: "preview", message: "\(doing): \(String(cString: cairo_status_to_string(cairo_status(cairo))))")
        }
    }

    func png() throws(RenderError) -> Data {
        cairo_set_source_rgb(cairo, 0.75, 0.75, 0.75)
        let middle = sheet.trimWidth * scale
        cairo_rectangle(cairo, middle - 0.5, 0, 1, sheet.trimHeight * scale)
        cairo_fill(cairo)
        cairo_surface_flush(surface)
        return try PNGWriting.data(surface)
    }
}
