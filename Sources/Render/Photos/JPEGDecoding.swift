import CPangoCairo
import Foundation
import Prepress

/// Decodes a prepared (sRGB, upright) JPEG into a Cairo image surface.
enum JPEGDecoding {
    /// `longEdge`: decode no larger than needed for that many pixels (the DCT scales down).
    static func cairoSurface(_ jpeg: Data, longEdge: Int? = nil) throws(PhotoError) -> (surface: OpaquePointer?, width: Int, height: Int) {
        let header = try PhotoHeader.read(jpeg, maximumPixels: Int.max)
        let stored = max(header.storedWidth, header.storedHeight)
        let image = try PhotoReader.decode(jpeg, header: header, targetLongEdge: min(stored, longEdge ?? stored))
        let pixels = try ColourConverter().toCairoRGB(image)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(image.width), Int32(image.height))
        guard let data = cairo_image_surface_get_data(surface) else { throw .unsupported("no image surface") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<image.height {
                memcpy(data + row * stride, base + row * image.width * 4, image.width * 4)
            }
        }
        cairo_surface_mark_dirty(surface)
        return (surface, image.width, image.height)
    }
}
