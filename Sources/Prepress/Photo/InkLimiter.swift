import Foundation

/// Holds a CMYK photo's total ink under the product's limit in the bytes that ship: limited
/// before encoding, then — unless it is far enough under — decoded again and judged by the
/// verifier's own rule (`InkCoverage`), tightened and encoded again while the encoder's error
/// still puts it over. At most `attempts` encodings.
struct InkLimiter {
    /// The most ink a print pixel may carry, 0–1020 (four channels of 255), when the product limits it.
    let ceiling: Int?
    /// The limit the delivered bytes are held to (the stricter of the interior's and the
    /// cover's), and the widest a photo prints: the area the limit is judged over.
    let limitPercent: Double?
    let placedWidthMM: Double
    let quality: Int

    /// Percent of total ink the photos keep below the product's limit: JPEG's own error moves
    /// single pixels by about that much.
    static let margin = 4.0
    /// Encodings a photo may take to come under the limit.
    static let attempts = 5

    init(product: Product) {
        limitPercent = product.photoInkLimitPercent
        ceiling = limitPercent.map { Int(((($0 - Self.margin) / 100) * 255).rounded(.down)) }
        placedWidthMM = product.trimWidthMM + 2 * product.bleedMM
        quality = product.jpegQuality
    }

    /// Holds every pixel's total ink at `ceiling` by taking C, M and Y down in proportion (black
    /// keeps the detail), as a RIP's total-area-coverage limit does. `pixels` are inverted CMYK.
    static func limit(_ pixels: inout [UInt8], ceiling: Int) {
        for start in stride(from: 0, to: pixels.count - 3, by: 4) {
            let c = 255 - Int(pixels[start]), m = 255 - Int(pixels[start + 1]), y = 255 - Int(pixels[start + 2])
            let k = 255 - Int(pixels[start + 3])
            guard c + m + y + k > ceiling, c + m + y > 0 else { continue }
            let room = max(0, ceiling - k)
            let scale = Double(room) / Double(c + m + y)
            pixels[start] = UInt8(255 - Int((Double(c) * scale).rounded(.down)))
            pixels[start + 1] = UInt8(255 - Int((Double(m) * scale).rounded(.down)))
            pixels[start + 2] = UInt8(255 - Int((Double(y) * scale).rounded(.down)))
        }
    }

    /// The JPEG of `inverted` CMYK pixels (Adobe's convention, 255 − ink), within the limit.
    func jpeg(_ inverted: [UInt8], width: Int, height: Int) throws(JPEGEncoder.Failure) -> Data {
        guard let ceiling, let limitPercent else {
            return try JPEGEncoder.encode(pixels: inverted, width: width, height: height, components: 4, quality: quality)
        }
        let window = InkCoverage.window(pixelWidth: width, placedWidthMM: placedWidthMM)
        var current = ceiling
        var jpeg = Data()
        for attempt in 0..<Self.attempts {
            var pixels = inverted
            Self.limit(&pixels, ceiling: current)
            jpeg = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, components: 4, quality: quality)
            // JPEG moves a square millimetre's average by well under the margin: no need to look.
            if attempt == 0, pixels.withUnsafeBufferPointer({
                InkCoverage.highestPercent($0, width: width, height: height, inverted: true, window: window)
            }) <= limitPercent - Self.margin * 2 { return jpeg }
            guard let after = InkCoverage.highestPercent(ofJPEG: jpeg, placedWidthMM: placedWidthMM), after > limitPercent else {
                return jpeg
            }
            // Down by the overshoot and a point more (a low-resolution photo's window is a
            // single pixel, which JPEG moves most); the last try halves the ceiling.
            let overshoot = Int(((after - limitPercent + 1) / 100 * 255).rounded(.up))
            current = attempt == Self.attempts - 2 ? current / 2 : current - max(3, overshoot)
        }
        return jpeg
    }
}
