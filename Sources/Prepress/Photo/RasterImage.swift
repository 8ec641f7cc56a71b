import Foundation

/// Decoded pixels, interleaved, in the file's own colour space, with its ICC profile.
public struct RasterImage: Sendable {
    public enum Layout: Sendable, Equatable {
        case gray
        case rgb
        /// `inverted`: Adobe's CMYK JPEGs store 255 − value.
        case cmyk(inverted: Bool)

        var components: Int {
            switch self {
            case .gray: 1
            case .rgb: 3
            case .cmyk: 4
            }
        }
    }

    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public var layout: Layout
    public var iccProfile: Data?
    /// The DCT scale used, in eighths: 8 is the stored size, 3 is 3/8 of it.
    public var scaleEighths: Int
}
