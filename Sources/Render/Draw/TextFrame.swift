import Prepress

/// The text area of an interior page, in Cairo's coordinates (origin at the top left of the
/// MediaBox, which includes the bleed).
struct TextFrame {
    var left: Double
    var top: Double
    var width: Double
    var height: Double
    var runningHeadBaseline: Double
    var geometry: PageGeometry

    /// Side margins of 50 pt; the head and foot leave room for the running head above.
    init(geometry: PageGeometry, lineHeight: Double) {
        self.geometry = geometry
        let side = 50.0
        let head = 62.0
        let foot = 60.0
        left = geometry.bleed + side
        width = geometry.trimWidth - 2 * side
        top = geometry.bleed + head
        // A whole number of body lines, so full pages end on the same line.
        let available = geometry.trimHeight - head - foot
        height = (available / lineHeight).rounded(.down) * lineHeight
        runningHeadBaseline = geometry.bleed + 38
    }
}
