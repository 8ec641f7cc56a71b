import Foundation
import Prepress
import Render

/// The few distinct pictures the benchmark's photos are copies of: drawing and encoding a
/// 12-megapixel picture takes a while, copying its bytes does not, and Folio still reads and
/// decodes every copy on its own. Drawn once and shared by every diary of a bench run.
public struct BenchPictures: Sendable {
    /// The phone's size: 12 megapixels, landscape.
    public static let width = 4032
    public static let height = 3024

    /// The JPEG bytes of each picture, about 2.5 MB as a phone's are (quality 88, no profile).
    public let originals: [Data]

    public init(count: Int, seed: UInt64) throws {
        var originals: [Data] = []
        for index in 0..<max(1, count) {
            var pixels = SamplePhoto.pixels(width: Self.width, height: Self.height, seed: seed &+ UInt64(index))
            Self.addTexture(&pixels, width: Self.width, height: Self.height, seed: seed &+ UInt64(index))
            originals.append(try JPEGEncoder.encode(pixels: pixels, width: Self.width, height: Self.height,
                                                    components: 3, quality: 88))
        }
        self.originals = originals
    }

    /// A picture as Folio encodes it at `width` × `height`: decoded by Folio's decoder at the DCT
    /// scale that size needs, then scaled to it (bilinear), as RGB bytes. The JPEG floor's
    /// encoder gets these, so it compresses the same content Folio does.
    public func pixels(ofPicture index: Int, width: Int, height: Int) throws -> [UInt8] {
        let data = originals[index % originals.count]
        let header = try PhotoHeader.read(data, maximumPixels: Self.width * Self.height)
        let image = try PhotoReader.decode(data, header: header, targetLongEdge: max(width, height))
        return Self.resample(image.pixels, width: image.width, height: image.height, to: width, height)
    }

    /// A sample picture is smooth, and a smooth JPEG is several times cheaper to decode than a
    /// photo: add a phone's grain (every pixel) and fine detail (4-pixel cells, which survive
    /// scaling down to a page's size), the same in all three channels.
    private static func addTexture(_ pixels: inout [UInt8], width: Int, height: Int, seed: UInt64) {
        var grain = SeededRandom(seed: seed ^ 0x6EA1_9000)
        let cellsAcross = (width + 3) / 4
        var cells = SeededRandom(seed: seed ^ 0xCE11_5000)
        let detail = (0..<(cellsAcross * ((height + 3) / 4))).map { _ in Int(cells.next() % 25) - 12 }
        for y in 0..<height {
            let row = (y / 4) * cellsAcross
            for x in 0..<width {
                let offset = detail[row + x / 4] + Int(grain.next() % 11) - 5
                let base = (y * width + x) * 3
                for channel in 0..<3 {
                    pixels[base + channel] = UInt8(clamping: Int(pixels[base + channel]) + offset)
                }
            }
        }
    }

    private static func resample(_ source: [UInt8], width: Int, height: Int, to targetWidth: Int, _ targetHeight: Int) -> [UInt8] {
        var target = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
        let xScale = Double(width) / Double(targetWidth), yScale = Double(height) / Double(targetHeight)
        for y in 0..<targetHeight {
            let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) * yScale - 0.5))
            let y0 = Int(sy), y1 = min(height - 1, y0 + 1), fy = sy - Double(y0)
            for x in 0..<targetWidth {
                let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) * xScale - 0.5))
                let x0 = Int(sx), x1 = min(width - 1, x0 + 1), fx = sx - Double(x0)
                for channel in 0..<3 {
                    func at(_ px: Int, _ py: Int) -> Double { Double(source[(py * width + px) * 3 + channel]) }
                    let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
                    let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
                    target[(y * targetWidth + x) * 3 + channel] = UInt8(clamping: Int((top * (1 - fy) + bottom * fy).rounded()))
                }
            }
        }
        return target
    }
}
