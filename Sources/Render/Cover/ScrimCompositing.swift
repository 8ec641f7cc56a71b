import Foundation
import Prepress

/// The photo cover's scrim, composited into the photo's own pixels, for a press standard that
/// allows no transparency (PDF/X-1a, X-3): the picture a viewer would show with the scrim over
/// it, blended in the photo's own space (toward black ink alone for CMYK), as one opaque JPEG.
enum ScrimCompositing {
    /// `alpha(row)`: the scrim's opacity over the middle of pixel row `row` of `rows`.
    static func composite(_ jpeg: Data, quality: Int, alpha: (_ row: Int, _ rows: Int) -> Double) -> Data? {
        guard let header = try? PhotoHeader.read(jpeg, maximumPixels: 200_000_000),
              var image = try? PhotoReader.decode(jpeg, header: header, targetLongEdge: max(header.storedWidth, header.storedHeight))
        else { return nil }
        let components: Int
        switch image.layout {
        case .gray: components = 1
        case .rgb: components = 3
        case .cmyk: components = 4
        }
        let stride = image.width * components
        for row in 0..<image.height {
            let a = min(1, max(0, alpha(row, image.height)))
            guard a > 0 else { continue }
            for offset in stride * row ..< stride * (row + 1) {
                let value = Double(image.pixels[offset])
                switch image.layout {
                case .cmyk(let inverted):
                    // Black is K alone: C, M and Y fade, K grows toward full.
                    let ink = inverted ? 255 - value : value
                    let isBlack = offset % 4 == 3
                    let blended = isBlack ? ink * (1 - a) + 255 * a : ink * (1 - a)
                    image.pixels[offset] = UInt8((inverted ? 255 - blended : blended).rounded())
                case .rgb, .gray:
                    image.pixels[offset] = UInt8((value * (1 - a)).rounded())
                }
            }
        }
        if case .cmyk(let inverted) = image.layout, !inverted {
            // The encoder writes Adobe's inverted convention, as every print JPEG of Folio's.
            image.pixels = image.pixels.map { 255 - $0 }
        }
        return try? JPEGEncoder.encode(pixels: image.pixels, width: image.width, height: image.height, components: components,
                                       quality: quality, iccProfile: components == 3 ? image.iccProfile : nil)
    }
}
