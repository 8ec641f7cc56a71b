import CPangoCairo
import Foundation
import Prepress

/// Puts JPEG bytes on a Cairo surface: embedded unchanged on a PDF, decoded on an image.
extension CairoContext {
    /// PDF: a 1×1 carrier surface with the JPEG as mime data, scaled to the box. Cairo writes
    /// the bytes as they are (DCTDecode) and keeps no pixels.
    func embedJPEG(_ jpeg: Data, x: Double, y: Double, width: Double, height: Double) {
        do {
            paint(try jpegCarrier(jpeg), sourceWidth: 1, sourceHeight: 1, x: x, y: y, width: width, height: height)
        } catch {
            failure = failure ?? error
        }
    }

    /// A 1×1 surface carrying `jpeg`; with `identifier`, Cairo writes one image for every
    /// carrier that has it.
    func jpegCarrier(_ jpeg: Data, identifier: String? = nil) throws(RenderError) -> CairoSurface {
        let carrier = try CairoSurface.image(width: 1, height: 1, label: surface.label)
        try attach(CAIRO_MIME_TYPE_JPEG, Array(jpeg), to: carrier)
        if let identifier { try attach(CAIRO_MIME_TYPE_UNIQUE_ID, Array(identifier.utf8), to: carrier) }
        return carrier
    }

    private func attach(_ type: String, _ data: [UInt8], to carrier: CairoSurface) throws(RenderError) {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: data.count)
        bytes.initialize(from: data, count: data.count)
        // Cairo owns the copy and frees it when the document no longer needs it; when it refuses
        // the data it has not taken it (cairo 1.16 calls no destroy function then).
        let status = cairo_surface_set_mime_data(carrier.pointer, type, bytes, UInt(data.count),
                                                 { $0?.assumingMemoryBound(to: UInt8.self).deallocate() }, bytes)
        guard status == CAIRO_STATUS_SUCCESS else {
            bytes.deallocate()
            // Without its mime data the carrier would print as one stretched pixel.
            throw CairoSurface.error(status, doing: "embedding a picture", label: surface.label)
        }
    }

    /// Image surfaces (cover.jpg, previews): the JPEG decoded to pixels and painted scaled.
    /// With `pixelsPerPoint`, the JPEG is decoded (scaled in the DCT) to about the size it is shown.
    func paintJPEG(_ jpeg: Data, x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double?) {
        let shown = pixelsPerPoint.map { Int((max(width, height) * $0 * 2).rounded(.up)) }
        guard let image = try? CairoSurface.decoding(jpeg, longEdge: shown) else { return }
        paint(image, sourceWidth: Double(image.pixelWidth), sourceHeight: Double(image.pixelHeight),
              x: x, y: y, width: width, height: height)
    }

    func paint(_ source: CairoSurface, sourceWidth: Double, sourceHeight: Double,
                      x: Double, y: Double, width: Double, height: Double) {
        cairo_save(pointer)
        cairo_rectangle(pointer, x, y, width, height)
        cairo_clip(pointer)
        cairo_translate(pointer, x, y)
        cairo_scale(pointer, width / sourceWidth, height / sourceHeight)
        cairo_set_source_surface(pointer, source.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}

extension CairoSurface {
    /// A prepared (sRGB, upright) JPEG decoded into an image surface. `longEdge`: decode no
    /// larger than needed for that many pixels (the DCT scales down).
    static func decoding(_ jpeg: Data, longEdge: Int? = nil) throws(PhotoError) -> CairoSurface {
        let header = try PhotoHeader.read(jpeg, maximumPixels: Int.max)
        let stored = max(header.storedWidth, header.storedHeight)
        let image = try PhotoReader.decode(jpeg, header: header, targetLongEdge: min(stored, longEdge ?? stored))
        let pixels = try ColourConverter().toCairoRGB(image)
        do {
            let surface = try CairoSurface.image(width: image.width, height: image.height, label: "photo")
            try pixels.withUnsafeBytes { source in
                guard let base = source.baseAddress else { throw RenderError(file: "photo", message: "no pixels") }
                try surface.copyPixels(rows: image.height, rowBytes: image.width * 4, from: base)
            }
            return surface
        } catch {
            throw .unsupported("\(error)")
        }
    }
}
