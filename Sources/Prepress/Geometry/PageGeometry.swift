import Foundation

/// Lengths in PostScript points (1/72 inch), the unit of PDF.
public enum Points {
    public static let perMillimetre = 72.0 / 25.4

    public static func fromMillimetres(_ millimetres: Double) -> Double { millimetres * perMillimetre }
}

/// A rectangle in PDF user space (origin bottom left), as written into a page box.
public struct PageBox: Sendable, Equatable {
    public var x0: Double
    public var y0: Double
    public var x1: Double
    public var y1: Double

    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    public var width: Double { x1 - x0 }
    public var height: Double { y1 - y0 }

    /// `[x0 y0 x1 y1]` with two decimals, as a PDF array.
    public var pdfArray: String {
        func format(_ value: Double) -> String {
            let rounded = (value * 100).rounded() / 100
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.2f", rounded)
        }
        return "[\(format(x0)) \(format(y0)) \(format(x1)) \(format(y1))]"
    }
}

/// One page of a book: the trim size, its bleed and safety margin. Which edges bleed, and the
/// boxes each page gets, are `SheetGeometry`'s.
public struct PageGeometry: Sendable, Equatable {
    public var trimWidth: Double
    public var trimHeight: Double
    public var bleed: Double
    public var safety: Double

    public init(trimWidth: Double, trimHeight: Double, bleed: Double, safety: Double) {
        self.trimWidth = trimWidth
        self.trimHeight = trimHeight
        self.bleed = bleed
        self.safety = safety
    }

    public var mediaHeight: Double { trimHeight + 2 * bleed }
}
