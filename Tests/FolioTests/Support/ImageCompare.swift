import Foundation
import FolioTestSupport
@testable import Prepress

/// Coarse comparisons of pictures: the mean colour of each cell of a grid, so that resampling
/// and JPEG noise do not count, while a turned, mirrored, inverted or shifted picture does.
struct ImageGrid {
    var cells: [[Double]]  // RGB means, 0…255
    var width: Int
    var height: Int

    init(_ image: RasterImage, size: Int = 12) {
        width = image.width
        height = image.height
        let channels = image.layout == .gray ? 1 : 3
        cells = []
        for row in 0..<size {
            for column in 0..<size {
                var sum = [0.0, 0.0, 0.0]
                var count = 0.0
                for y in (row * image.height / size)..<max(row * image.height / size + 1, (row + 1) * image.height / size) {
                    for x in (column * image.width / size)..<max(column * image.width / size + 1, (column + 1) * image.width / size) {
                        let base = (y * image.width + x) * channels
                        for c in 0..<3 { sum[c] += Double(image.pixels[base + (channels == 1 ? 0 : c)]) }
                        count += 1
                    }
                }
                cells.append(sum.map { $0 / count })
            }
        }
    }

    /// Mean absolute difference per channel, 0…255.
    func difference(_ other: ImageGrid) -> Double {
        var total = 0.0
        for (a, b) in zip(cells, other.cells) {
            for channel in 0..<3 { total += abs(a[channel] - b[channel]) }
        }
        return total / Double(3 * cells.count)
    }

    /// Mean and largest CIE76 ΔE between cells, reading both as sRGB.
    func deltaE(_ other: ImageGrid) -> (mean: Double, max: Double) {
        let values = zip(cells, other.cells).map { a, b -> Double in
            let (l1, a1, b1) = Self.lab(a)
            let (l2, a2, b2) = Self.lab(b)
            let squares: Double = (l1 - l2) * (l1 - l2) + (a1 - a2) * (a1 - a2) + (b1 - b2) * (b1 - b2)
            return squares.squareRoot()
        }
        return (values.reduce(0, +) / Double(values.count), values.max() ?? 0)
    }

    static func lab(_ rgb: [Double]) -> (Double, Double, Double) {
        let linear = rgb.map { value -> Double in
            let v = value / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047
        let y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        let z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// Decodes a PNG written by pdfimages or Pillow.
    static func load(_ file: URL, size: Int = 12) throws -> ImageGrid {
        ImageGrid(try PNGDecoder.decode(try Data(contentsOf: file)), size: size)
    }
}
