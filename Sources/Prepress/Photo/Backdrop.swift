/// The sRGB colour a picture with transparent pixels is flattened onto: print has no
/// transparency to spare (PDF/X-1a forbids it), so what shows through is decided before encoding.
public struct Backdrop: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Unprinted paper.
    public static let paper = Backdrop(red: 255, green: 255, blue: 255)
}

extension Backdrop {
    /// Interleaved RGBA flattened onto this backdrop as RGB. `premultiplied`: the colour
    /// already holds its alpha (TIFF's associated alpha, libtiff's RGBA reading).
    func flatten(rgba: UnsafeBufferPointer<UInt8>, pixels count: Int, premultiplied: Bool = false) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: count * 3)
        let under = [Int(red), Int(green), Int(blue)]
        for pixel in 0..<count {
            let alpha = Int(rgba[pixel * 4 + 3])
            for channel in 0..<3 {
                let colour = Int(rgba[pixel * 4 + channel])
                let over = premultiplied ? colour * 255 : colour * alpha
                rgb[pixel * 3 + channel] = UInt8(min(255, (over + under[channel] * (255 - alpha) + 127) / 255))
            }
        }
        return rgb
    }
}
