import Foundation

/// The JPEG encoder floor's inputs, in the formats cjpeg reads: a picture at the size Folio
/// encodes it (binary PPM), and for a CMYK product its four ink planes stacked in one PGM.
/// cjpeg cannot read CMYK; a CMYK JPEG as Folio writes it (jpeg_set_defaults for JCS_CMYK) keeps
/// all four channels at full resolution with quantisation table 0 and no colour transform, and
/// a grayscale JPEG of the four planes stacked is that same work: the same number of 8×8
/// blocks, the same table, the same DCT and Huffman coding; only the interleaving differs.
enum FloorImages {
    static func writePPM(rgb: [UInt8], width: Int, height: Int, to file: URL) throws {
        try (Data("P6\n\(width) \(height)\n255\n".utf8) + Data(rgb)).write(to: file)
    }

    /// C, M, Y and K planes (naive separation, stored as 255 − ink like Folio's Adobe CMYK JPEGs),
    /// one under the other: width × 4·height gray pixels.
    static func writeInkPlanes(rgb: [UInt8], width: Int, height: Int, to file: URL) throws {
        let count = width * height
        var planes = [UInt8](repeating: 0, count: count * 4)
        for pixel in 0..<count {
            let r = Int(rgb[pixel * 3]), g = Int(rgb[pixel * 3 + 1]), b = Int(rgb[pixel * 3 + 2])
            let brightest = max(r, g, b)
            let inks = brightest == 0 ? (0, 0, 0) : ((brightest - r) * 255 / brightest, (brightest - g) * 255 / brightest,
                                                      (brightest - b) * 255 / brightest)
            planes[pixel] = UInt8(255 - inks.0)
            planes[count + pixel] = UInt8(255 - inks.1)
            planes[2 * count + pixel] = UInt8(255 - inks.2)
            planes[3 * count + pixel] = UInt8(brightest)
        }
        try (Data("P5\n\(width) \(height * 4)\n255\n".utf8) + Data(planes)).write(to: file)
    }
}
