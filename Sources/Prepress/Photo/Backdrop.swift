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
