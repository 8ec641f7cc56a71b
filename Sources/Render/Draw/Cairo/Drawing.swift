import Foundation
import Prepress

/// What covers, pages, placeholders, previews and thumbnails draw with: paths, colours,
/// gradients, text lines and photos, in points. Only `Render/Draw/Cairo` knows it is Cairo.
protocol Drawing: AnyObject {
    func save()
    func restore()

    func translate(x: Double, y: Double)
    func scale(x: Double, y: Double)
    func rotate(by radians: Double)

    func setColour(red: Double, green: Double, blue: Double)
    func setColour(red: Double, green: Double, blue: Double, alpha: Double)
    /// A linear gradient from (`x0`, `y0`) to (`x1`, `y1`) as the source of what is filled next.
    func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [GradientStop])
    func setLineWidth(_ width: Double)
    /// Even-odd instead of non-zero winding, for paths that cut holes.
    func useEvenOddFill()

    func rectangle(x: Double, y: Double, width: Double, height: Double)
    func circle(x: Double, y: Double, radius: Double)
    func move(toX x: Double, y: Double)
    func line(toX x: Double, y: Double)
    func curve(x1: Double, y1: Double, x2: Double, y2: Double, toX x: Double, y: Double)
    func closePath()
    /// Starts a new subpath without a line from the current point.
    func newSubPath()

    func fill()
    /// Fills and keeps the path, to stroke it after.
    func fillPreserve()
    func stroke()
    func clip()
    /// Fills the whole clip with the source.
    func paint()

    /// A set line with its paragraph's left edge at `left` and its line box's top at `top`.
    func draw(_ line: SetLine, left: Double, top: Double)
    /// What the colour glyphs of the lines drawn next stand on, when it is not the paper or a
    /// highlight (a cover's art): a PDF flattens their pictures onto it.
    var pictureBackdrop: PictureBackdrop? { get set }
    /// A JPEG kept as its bytes (PDF) in the box, stretched to fill it.
    func embedJPEG(_ jpeg: Data, x: Double, y: Double, width: Double, height: Double)
    /// A JPEG decoded to pixels (images), decoded no larger than `pixelsPerPoint` needs.
    func paintJPEG(_ jpeg: Data, x: Double, y: Double, width: Double, height: Double, pixelsPerPoint: Double?)

    /// Opens and closes an element of a tagged PDF's structure tree (`Sect`, `P`, `H2`, `Figure`…),
    /// nested as the calls are; what is drawn while a leaf is open is its content.
    func beginTag(_ role: String)
    func endTag(_ role: String)
}

/// What a colour glyph's picture is flattened onto in print, where the paper is not behind it.
enum PictureBackdrop {
    /// A plain colour (a cover's spine).
    case colour(Backdrop)
    /// Art: for a box in drawing coordinates, a picture (PNG) of the finished drawing there,
    /// the glyph included, drawn on an image with its transparency (a cover's front).
    case drawn((Rect) -> Data?)
}

/// One colour stop of a gradient: where along it (0–1), and the colour there.
struct GradientStop {
    var offset: Double
    var red: Double, green: Double, blue: Double
    /// nil: an opaque stop (drawn as such, not as alpha 1).
    var alpha: Double?
}

extension Drawing {
    func setColour(_ colour: (r: Double, g: Double, b: Double)) { setColour(red: colour.r, green: colour.g, blue: colour.b) }

    func setGray(_ gray: Double) { setColour(red: gray, green: gray, blue: gray) }

    func fillRectangle(x: Double, y: Double, width: Double, height: Double) {
        rectangle(x: x, y: y, width: width, height: height)
        fill()
    }

    /// Lines one under the other from `top`; returns the bottom of the last.
    @discardableResult
    func drawLines(_ lines: [SetLine], left: Double, top: Double) -> Double {
        var y = top
        for line in lines {
            draw(line, left: left, top: y)
            y += line.height
        }
        return y
    }

    /// `body` between a save and its restore.
    func saved(_ body: () -> Void) {
        save()
        body()
        restore()
    }
}
