import CJPEGShim
import Foundation

/// Decodes JPEG through libjpeg with DCT scaling: the smallest of 1/1, 1/2, 1/4, 1/8 whose
/// long edge still reaches the target, so a 12-megapixel photo bound for 1,400 pixels never
/// exists in memory at full size.
enum JPEGDecoder {
    static func decode(_ data: Data, header: PhotoHeader, targetLongEdge: Int) throws(PhotoError) -> RasterImage {
        let longEdge = max(header.storedWidth, header.storedHeight)
        var scale = 1
        for candidate in [8, 4, 2] where (longEdge + candidate - 1) / candidate >= targetLongEdge {
            scale = candidate
            break
        }
        var image = folio_jpeg_image()
        let status = data.withUnsafeBytes { raw in
            folio_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(scale), &image)
        }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard status == 0, let pixels = image.pixels else { throw .corrupt("libjpeg: \(message)") }
        defer { folio_jpeg_image_free(&image) }
        // Corrupt scan data is only a warning to libjpeg, which then returns garbage pixels.
        if image.warnings > 0 { throw .corrupt("libjpeg: \(message)") }
        let layout: RasterImage.Layout
        switch image.components {
        case 1: layout = .gray
        case 3: layout = .rgb
        case 4: layout = .cmyk(inverted: image.adobe_inverted != 0)
        default: throw .unsupported("\(image.components) colour components")
        }
        let count = Int(image.width) * Int(image.height) * Int(image.components)
        let icc = image.icc.map { Data(bytes: $0, count: Int(image.icc_length)) }
        return RasterImage(pixels: Array(UnsafeBufferPointer(start: pixels, count: count)), width: Int(image.width),
                           height: Int(image.height), layout: layout, iccProfile: icc, scale: scale)
    }
}
