import Foundation

/// Where a prepared photo goes: the printed PDF (the product's output space, sRGB or CMYK), or
/// a screen (EPUB, cover.jpg, previews: always sRGB).
public enum PhotoTarget: Sendable {
    case print
    case screen
}

/// A photo ready to embed: JPEG bytes in the target's colour space, upright, at most its cap in pixels.
public struct PreparedPhoto: Sendable {
    public var jpeg: Data
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The original file's bytes, embedded unchanged (already upright, in the target's space and within cap).
    public var passedThrough: Bool

    public init(jpeg: Data, pixelWidth: Int, pixelHeight: Int, passedThrough: Bool) {
        self.jpeg = jpeg
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.passedThrough = passedThrough
    }
}
