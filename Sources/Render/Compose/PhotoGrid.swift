import Document
import Prepress

/// One photo's place in a row: its box within the text measure and its caption.
struct PhotoCell {
    var photo: BookPhoto
    var entry: String
    var x: Double
    var width: Double
    var height: Double
    /// The long-edge pixel cap for its role (single or grid).
    var cap: Int
    var caption: Int?
    /// Set when even the header could not be read: a placeholder is drawn instead.
    var failure: PhotoError?
}

/// A row of photos that never splits across pages; captions sit under their photos.
struct PhotoRow {
    var cells: [PhotoCell]
    var imageHeight: Double
    var captionHeight: Double

    static let captionGap = 4.0
    var height: Double { imageHeight + (captionHeight > 0 ? Self.captionGap + captionHeight : 0) }
}

/// Arranges an entry's photos: one photo at full measure (never taller than the page allows);
/// two to four in justified rows of two at equal height; more in groups of up to four.
struct PhotoGrid {
    var measure: Double
    var maximumHeight: Double
    var gutter = 8.0

    /// `aspects` are width / height, upright; `widestAllowed` caps each photo's printed width
    /// (a small image is not blown up past a readable resolution).
    func rows(_ aspects: [Double], widestAllowed: [Double]) -> [(indices: [Int], frames: [(x: Double, width: Double)], height: Double)] {
        guard !aspects.isEmpty else { return [] }
        func tallestAllowed(_ index: Int) -> Double { min(maximumHeight, widestAllowed[index] / aspects[index]) }
        if aspects.count == 1 {
            let aspect = aspects[0]
            let height = min(measure / aspect, tallestAllowed(0))
            let width = height * aspect
            return [([0], [((measure - width) / 2, width)], height)]
        }
        var rows: [(indices: [Int], frames: [(x: Double, width: Double)], height: Double)] = []
        var index = 0
        while index < aspects.count {
            let inGroup = min(4, aspects.count - index)
            var groupIndex = 0
            while groupIndex < inGroup {
                let pair = Array(index + groupIndex..<min(index + groupIndex + 2, index + inGroup))
                if pair.count == 2 {
                    let (a, b) = (aspects[pair[0]], aspects[pair[1]])
                    let height = min((measure - gutter) / (a + b), tallestAllowed(pair[0]), tallestAllowed(pair[1]))
                    let widths = (height * a, height * b)
                    let left = (measure - widths.0 - widths.1 - gutter) / 2
                    rows.append((pair, [(left, widths.0), (left + widths.0 + gutter, widths.1)], height))
                } else {
                    // A lone photo in a grid keeps a column's width, centred.
                    let column = (measure - gutter) / 2
                    let height = min(column / aspects[pair[0]], tallestAllowed(pair[0]))
                    let width = height * aspects[pair[0]]
                    rows.append((pair, [((measure - width) / 2, width)], height))
                }
                groupIndex += 2
            }
            index += inGroup
        }
        return rows
    }
}
