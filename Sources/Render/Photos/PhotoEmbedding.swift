import CPangoCairo
import Foundation

/// Puts JPEG bytes on a Cairo surface: embedded unchanged on a PDF, decoded on an image.
enum PhotoEmbedding {
    /// PDF: a 1×1 carrier surface with the JPEG as mime data, scaled to the box. Cairo writes
    /// the bytes as they are (DCTDecode) and keeps no pixels.
    static func embedJPEG(_ jpeg: Data, on cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let carrier = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)
        defer { cairo_surface_destroy(carrier) }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: jpeg.count)
        jpeg.copyBytes(to: bytes, count: jpeg.count)
        // Cairo owns the copy and frees it when the document no longer needs it.
        cairo_surface_set_mime_data(carrier, CAIRO_MIME_TYPE_JPEG, bytes, UInt(jpeg.count),
                                    { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, bytes)
        paint(carrier, sourceWidth: 1, sourceHeight: 1, on: cairo, x: x, y: y, width: width, height: height)
    }

    /// Image surfaces (cover.jpg, previews): the JPEG decoded to pixels and painted scaled.
    /// With `pixelsPerPoint`, the JPEG is decoded (scaled in the DCT) to about the size it is shown.
    static func paintJPEG(_ jpeg: Data, on cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
                          pixelsPerPoint: Double? = nil) {
        let shown = pixelsPerPoint.map { Int((max(width, height) * $0 * 2).rounded(.up)) }
        guard let image = try? JPEGDecoding.cairoSurface(jpeg, longEdge: shown) else { return }
        defer { cairo_surface_destroy(image.surface) }
        paint(image.surface, sourceWidth: Double(image.width), sourceHeight: Double(image.height), on: cairo,
              x: x, y: y, width: width, height: height)
    }

    private static func paint(_ surface: OpaquePointer?, sourceWidth: Double, sourceHeight: Double, on cairo: OpaquePointer,
                              x: Double, y: Double, width: Double, height: Double) {
        cairo_save(cairo)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_clip(cairo)
        cairo_translate(cairo, x, y)
        cairo_scale(cairo, width / sourceWidth, height / sourceHeight)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }
}
