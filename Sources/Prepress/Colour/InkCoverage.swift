import Foundation

/// Total ink as a press's preflight judges it over an area, not a dot: the highest C + M + Y + K
/// averaged over any square of about 1 mm². JPEG's ringing moves single samples by several
/// percent either way; a patch of a square millimetre is what over-inks a sheet (sets off,
/// dries slowly), and what PitStop's and pdfToolbox's ink checks measure, with a minimum area.
/// The photo limiter and the verifier both use this one rule, so what one holds the other
/// accepts.
public enum InkCoverage {
    /// A CMYK JPEG's highest total ink over any square millimetre, placed across
    /// `placedWidthMM`: decoded at half size (libjpeg's scaled IDCT, which is close to averaging
    /// each 2 × 2 pixels and costs a third of a full decode), then judged with a half-size
    /// window. Nil when it is not a CMYK JPEG that libjpeg reads.
    public static func highestPercent(ofJPEG data: Data, placedWidthMM: Double) -> Double? {
        guard let header = try? PhotoHeader.read(data, maximumPixels: 200_000_000), header.format == .jpeg,
              let decoded = try? JPEGDecoder.decode(data, header: header, targetLongEdge: max(1, max(header.storedWidth, header.storedHeight) / 2)),
              case .cmyk(let inverted) = decoded.layout else { return nil }
        // The window for the full-size photo, scaled as the decode was.
        let full = window(pixelWidth: header.storedWidth, placedWidthMM: placedWidthMM)
        let side = max(1, Int((Double(full) * Double(decoded.width) / Double(header.storedWidth)).rounded()))
        return decoded.pixels.withUnsafeBufferPointer {
            highestPercent($0, width: decoded.width, height: decoded.height, inverted: inverted, window: side)
        }
    }

    /// Pixels per millimetre side of the window, for a photo `pixelWidth` wide placed across
    /// `placedWidthMM` — the sheet's width, the widest it can be printed, so the window is
    /// 1 mm on a side at most (smaller, and stricter, for a photo printed smaller).
    public static func window(pixelWidth: Int, placedWidthMM: Double) -> Int {
        guard placedWidthMM > 0 else { return 1 }
        return max(1, Int((Double(pixelWidth) / placedWidthMM).rounded(.down)))
    }

    /// The highest average total ink, in percent (0–400), over any `window` × `window` square
    /// of 8-bit CMYK pixels (`inverted`: Adobe's 255 − ink). One pass, memory of one row.
    public static func highestPercent(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, inverted: Bool, window: Int) -> Double {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else { return 0 }
        let side = max(1, min(window, width, height))
        func ink(_ x: Int, _ y: Int) -> Int {
            let start = (y * width + x) * 4
            let sum = Int(pixels[start]) + Int(pixels[start + 1]) + Int(pixels[start + 2]) + Int(pixels[start + 3])
            return inverted ? 1020 - sum : sum
        }
        var columns = [Int](repeating: 0, count: width)
        var highest = 0
        for y in 0..<height {
            for x in 0..<width {
                columns[x] += ink(x, y)
                if y >= side { columns[x] -= ink(x, y - side) }
            }
            guard y >= side - 1 else { continue }
            var sum = 0
            for x in 0..<width {
                sum += columns[x]
                if x >= side { sum -= columns[x - side] }
                if x >= side - 1 { highest = max(highest, sum) }
            }
        }
        return Double(highest) / Double(side * side) / 255 * 100
    }
}
