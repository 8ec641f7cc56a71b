import CPangoCairo
import Foundation
import Prepress

/// Owns one Cairo surface: a PDF file or an image in memory. Created only in a good state (its
/// status is checked at once), destroyed with the owner; every failure names `label`, the file
/// or picture it is for.
final class CairoSurface {
    let pointer: OpaquePointer
    let label: String

    private init(_ pointer: OpaquePointer?, label: String) throws(RenderError) {
        guard let pointer else { throw RenderError(file: label, message: "Cairo made no surface") }
        self.pointer = pointer
        self.label = label
        try check("creating the surface")
    }

    deinit { cairo_surface_destroy(pointer) }

    /// A PDF written to `file` as pages are shown.
    static func pdf(file: URL, width: Double, height: Double) throws(RenderError) -> CairoSurface {
        try CairoSurface(cairo_pdf_surface_create(file.path, width, height), label: file.path)
    }

    /// An RGB image (0x00RRGGBB words) of `width × height` pixels in memory.
    static func image(width: Int, height: Int, label: String) throws(RenderError) -> CairoSurface {
        try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)), label: label)
    }

    /// A PNG's pixels with their transparency (a colour glyph's bitmap on a picture of a page).
    static func png(_ png: Data, label: String) throws(RenderError) -> CairoSurface {
        final class Source {
            let data: Data
            var offset = 0
            init(_ data: Data) { self.data = data }
        }
        let source = Source(png)
        let pointer = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let start = source.data.startIndex + source.offset
                guard source.offset + Int(length) <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
                source.data.copyBytes(to: buffer, from: start..<start + Int(length))
                source.offset += Int(length)
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        return try CairoSurface(pointer, label: label)
    }

    func check(_ doing: String) throws(RenderError) {
        let status = cairo_surface_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw CairoSurface.error(status, doing: doing, label: label) }
    }

    static func error(_ status: cairo_status_t, doing: String, label: String) -> RenderError {
        RenderError(file: label, message: "\(doing): \(String(cString: cairo_status_to_string(status)))")
    }

    /// Writes out what is left of a PDF and closes it; the surface draws nothing after.
    func finish(_ doing: String) throws(RenderError) {
        cairo_surface_finish(pointer)
        try check(doing)
    }

    var pixelWidth: Int { Int(cairo_image_surface_get_width(pointer)) }
    var pixelHeight: Int { Int(cairo_image_surface_get_height(pointer)) }

    /// An image's pixels after every drawing has reached them, and the bytes per row.
    func withPixels<T>(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws -> T) throws -> T {
        cairo_surface_flush(pointer)
        try check("reading the pixels")
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError(file: label, message: "the surface has no pixels")
        }
        return try body(data, Int(cairo_image_surface_get_stride(pointer)))
    }

    /// Pixels written straight into the image; Cairo is told they changed.
    func copyPixels(rows: Int, rowBytes: Int, from source: UnsafeRawPointer) throws(RenderError) {
        try check("writing the pixels")
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw RenderError(file: label, message: "the surface has no pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        for row in 0..<rows { memcpy(data + row * stride, source + row * rowBytes, rowBytes) }
        cairo_surface_mark_dirty(pointer)
    }

    /// The RGB image's pixels as interleaved R, G, B bytes, `pixelWidth × pixelHeight × 3`.
    func packedRGB() throws -> [UInt8] {
        let (width, height) = (pixelWidth, pixelHeight)
        return try withPixels { data, stride in
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    // RGB24 pixels are native-endian 32-bit words: 0x00RRGGBB.
                    let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                    let index = (y * width + x) * 3
                    rgb[index] = UInt8(truncatingIfNeeded: word >> 16)
                    rgb[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    rgb[index + 2] = UInt8(truncatingIfNeeded: word)
                }
            }
            return rgb
        }
    }

    /// The RGB image as JPEG bytes.
    func jpeg(quality: Int, iccProfile: Data?) throws(RenderError) -> Data {
        do {
            return try withPixels { data, stride in
                try JPEGEncoder.encodeCairoRGB(data, width: pixelWidth, height: pixelHeight, stride: stride,
                                               quality: quality, iccProfile: iccProfile)
            }
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(file: label, message: "encoding JPEG: \(error)")
        }
    }

    /// The image as PNG bytes.
    func png() throws(RenderError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        cairo_surface_flush(pointer)
        let status = cairo_surface_write_to_png_stream(pointer, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoSurface.error(status, doing: "writing PNG", label: label) }
        return sink.data
    }
}
