import CPNG
import Foundation

/// Decodes PNG with libpng's simplified API (errors come back as values, no setjmp). Alpha is
/// composited onto what the picture stands on (white paper unless told); PNG photos are taken as sRGB.
enum PNGDecoder {
    static func decode(_ data: Data, background: Backdrop = .paper) throws(PhotoError) -> RasterImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { raw in png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) }
        guard begun != 0 else { throw .corrupt("libpng: \(message(image))") }
        image.format = UInt32(PNG_FORMAT_RGB)
        let width = Int(image.width), height = Int(image.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var backdrop = png_color(red: background.red, green: background.green, blue: background.blue)
        let finished = data.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, &backdrop, buffer.baseAddress, Int32(width * 3), nil)
            }
        }
        defer { png_image_free(&image) }
        guard finished != 0 else { throw .corrupt("libpng: \(message(image))") }
        return RasterImage(pixels: pixels, width: width, height: height, layout: .rgb, iccProfile: nil, scaleEighths: 8)
    }

    static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
