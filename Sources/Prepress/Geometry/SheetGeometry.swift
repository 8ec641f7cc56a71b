/// One sheet of output (an interior page or the cover spread) as the printer sees it: where
/// the trim sits in the MediaBox, which edges carry bleed, and whether crop marks surround it.
///
/// Painters draw in one coordinate system for every page: Cairo's, with the trim's top-left
/// corner at (bleed, bleed), as if all four edges had bleed. `drawingOffset` moves that onto
/// the actual page, so an edge without bleed simply loses what lies beyond its trim.
public struct SheetGeometry: Sendable, Equatable {
    public enum Edge: String, Sendable, CaseIterable {
        case top, bottom, outside, inside
    }

    public var trimWidth: Double
    public var trimHeight: Double
    public var bleed: Double
    public var bleedEdges: Set<Edge>
    public var cropMarks: Bool
    /// Bound on the right, as a book in a right-to-left language is: its rectos (odd pages)
    /// stand left of the spread, their outside edge left.
    public var bindsOnRight = false

    /// Crop marks start this far beyond the bleed and run this long.
    public static let markGap = 3.0
    public static let markLength = 12.0

    public init(trimWidth: Double, trimHeight: Double, bleed: Double, bleedEdges: Set<Edge> = Set(Edge.allCases),
                cropMarks: Bool = false) {
        self.trimWidth = trimWidth
        self.trimHeight = trimHeight
        self.bleed = bleed
        self.bleedEdges = bleedEdges
        self.cropMarks = cropMarks
    }

    /// The same sheet bound on the right when `right` (a right-to-left book's interior).
    public func bound(onRight right: Bool) -> SheetGeometry {
        var sheet = self
        sheet.bindsOnRight = right
        return sheet
    }

    /// Whether page `page`'s outside edge is its right one: a recto's (odd page) in a book bound
    /// on the left, a verso's in one bound on the right.
    public func outsideIsRight(page: Int) -> Bool { (page % 2 == 1) != bindsOnRight }

    /// Bleed on each side of page `page` (1-based; odd pages are rectos).
    public func bleeds(page: Int) -> (left: Double, right: Double, top: Double, bottom: Double) {
        let right = outsideIsRight(page: page)
        func amount(_ edge: Edge) -> Double { bleedEdges.contains(edge) ? bleed : 0 }
        let outside = amount(.outside), inside = amount(.inside)
        return (right ? inside : outside, right ? outside : inside, amount(.top), amount(.bottom))
    }

    /// How far the MediaBox reaches beyond the trim on each side.
    private func extents(page: Int) -> (left: Double, right: Double, top: Double, bottom: Double) {
        let b = bleeds(page: page)
        guard cropMarks else { return b }
        let reach = bleed + Self.markGap + Self.markLength + 3
        return (reach, reach, reach, reach)
    }

    public var mediaWidth: Double {
        let e = extents(page: 1)
        return trimWidth + e.left + e.right
    }

    public var mediaHeight: Double {
        let e = extents(page: 1)
        return trimHeight + e.top + e.bottom
    }

    /// TrimBox and BleedBox of a page, in PDF coordinates (origin bottom left).
    public func boxes(page: Int) -> (trim: PageBox, bleed: PageBox) {
        let e = extents(page: page), b = bleeds(page: page)
        let trim = PageBox(x0: e.left, y0: e.bottom, x1: e.left + trimWidth, y1: e.bottom + trimHeight)
        let bleedBox = PageBox(x0: trim.x0 - b.left, y0: trim.y0 - b.bottom, x1: trim.x1 + b.right, y1: trim.y1 + b.top)
        return (trim, bleedBox)
    }

    /// The translation from the full-bleed drawing coordinates to this page's Cairo coordinates.
    public func drawingOffset(page: Int) -> (x: Double, y: Double) {
        let e = extents(page: page)
        return (e.left - bleed, e.top - bleed)
    }

    /// Crop mark segments in this page's Cairo coordinates (origin top left): two at each
    /// trim corner, outside the bleed, never touching it.
    public func cropMarkLines(page: Int) -> [(x0: Double, y0: Double, x1: Double, y1: Double)] {
        guard cropMarks else { return [] }
        let e = extents(page: page)
        let left = e.left, right = e.left + trimWidth, top = e.top, bottom = e.top + trimHeight
        let near = bleed + Self.markGap, far = near + Self.markLength
        var lines: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for x in [left, right] {
            let direction = x == left ? -1.0 : 1.0
            for y in [top, bottom] {
                let vertical = y == top ? -1.0 : 1.0
                lines.append((x + direction * near, y, x + direction * far, y))
                lines.append((x, y + vertical * near, x, y + vertical * far))
            }
        }
        return lines
    }
}
