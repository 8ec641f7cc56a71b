import CPangoCairo
import Foundation
import Prepress

/// A small JPEG that stands in for a photo that cannot be shown.
enum PlaceholderPicture {
    static func jpeg(text: String, typography: Typography, language: BookLanguage) throws -> Data {
        let (width, height) = (800, 600)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { throw RenderError(file: "placeholder.jpg", message: "no drawing context") }
        cairo_set_source_rgb(cairo, 0.93, 0.93, 0.93)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0.4, 0.4, 0.4)
        let engine = TextEngine(typography: typography, language: language)
        var font = typography.font(.caption)
        font.size = 36
        let label = engine.paragraph(markup: PangoMarkup.escape(text), font: font, width: Double(width),
                                     style: ParagraphStyle(alignment: .center))
        label.draw(line: 0, left: 0, top: (Double(height) - label.height) / 2, on: cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw RenderError(file: "placeholder.jpg", message: "no pixels") }
        return try JPEGEncoder.encodeCairoRGB(data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)),
                                              quality: 85, iccProfile: nil)
    }
}
