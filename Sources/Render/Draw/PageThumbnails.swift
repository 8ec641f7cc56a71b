import CPangoCairo
import Foundation
import Prepress

/// Every page of the interior as a small picture, trimmed, drawn by the same painter as the
/// PDF: the console's page grid. Each page is handed to `keep` as JPEG bytes as soon as it is
/// drawn, so the pictures never pile up in memory.
final class PageThumbnails: PageSurface {
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let embedsJPEG = false
    let scale: Double
    private let keep: (Int, Data) -> Void

    init?(sheet: SheetGeometry, pixelHeight: Int, keep: @escaping (Int, Data) -> Void) {
        scale = Double(pixelHeight) / sheet.trimHeight
        self.keep = keep
        let width = Int((sheet.trimWidth * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(pixelHeight)),
              let cairo = cairo_create(surface) else { return nil }
        self.surface = surface
        self.cairo = cairo
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    var pixelsPerPoint: Double? { scale }

    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        cairo_save(cairo)
        cairo_scale(cairo, scale, scale)
        cairo_translate(cairo, -sheet.bleed, -sheet.bleed)
    }

    func endPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_restore(cairo)
        cairo_surface_flush(surface)
        // JPEG, not PNG: zlib took four fifths of the thumbnails' time; at this size a page of
        // text reads the same.
        guard let pixels = cairo_image_surface_get_data(surface) else { return }
        if let jpeg = try? JPEGEncoder.encodeCairoRGB(pixels, width: Int(cairo_image_surface_get_width(surface)),
                                                      height: Int(cairo_image_surface_get_height(surface)),
                                                      stride: Int(cairo_image_surface_get_stride(surface)), quality: 80, iccProfile: nil) {
            keep(page, jpeg)
        }
    }

    func check(_ doing: String) throws(RenderError) {
        if cairo_status(cairo) != CAIRO_STATUS_SUCCESS {
            throw RenderError(file: "thumbnails", message: "\(doing): \(String(cString: cairo_status_to_string(cairo_status(cairo))))")
        }
    }
}
