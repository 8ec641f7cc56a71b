import CJPEGShim
import Foundation

/// Decodes JPEG through libjpeg with DCT scaling: the smallest of 1/8, 2/8 … 8/8 whose long
/// edge still reaches the target, so a 12-megapixel photo bound for 1,400 pixels is decoded
/// straight to 1,512 (3/8): it never exists at full size, and what is left to resample is a
/// step small enough for a bilinear filter.
enum JPEGDecoder {
    static func decode(_ data: Data, header: PhotoHeader, targetLongEdge: Int) throws(PhotoError) -> RasterImage {
        let longEdge = max(header.storedWidth, header.storedHeight)
        let eighths = (1...8).first { (longEdge * $0 + 7) / 8 >= targetLongEdge } ?? 8
        var image = folio_jpeg_image()
        let status = data.withUnsafeBytes { raw in
            folio_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(eighths), &image)
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
                           height: Int(image.height), layout: layout, iccProfile: icc, scaleEighths: eighths)
    }
}
