import Diagnostics
import Foundation
import Prepress

/// A rectangle in points, in Cairo's coordinates (origin top left).
struct Rect {
    var x: Double, y: Double, width: Double, height: Double

    func inset(_ amount: Double) -> Rect { Rect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount) }
}

/// `drawCover`: the one drawing of a book's front. The interior's title page, the front of the
/// cover spread, the EPUB's cover.jpg and the report's preview all come from here, on a PDF or
/// an image surface scaled to points, so they cannot drift apart.
struct CoverArtist {
    let engine: TextEngine
    let photos: PhotoPool
    let content: CoverContent
    /// For a press standard without transparency (PDF/X-1a, X-3): translucent shapes are drawn
    /// as what they look like over the background, already blended (`setTranslucent`).
    var opaque = false

    /// Paints the front: art over `trim` extended by `bleed` on every side, title block inside
    /// the trim's safety margin. Returns a notice when the cover photo cannot be used.
    @discardableResult
    func drawCover(on drawing: any Drawing, trim: Rect, bleed: Double, embedPhotoAsJPEG: Bool) -> Diagnostic? {
        let art = trim.inset(bleed)
        drawing.save()
        drawing.rectangle(x: art.x, y: art.y, width: art.width, height: art.height)
        drawing.clip()
        var notice: Diagnostic?
        drawBackground(on: drawing, art: art)
        switch content.preset {
        case .night: drawNight(on: drawing, art: art, trim: trim)
        case .sunset: drawSun(on: drawing, art: art, trim: trim)
        case .forest: drawTrees(on: drawing, art: art, trim: trim)
        case .sea: drawWaves(on: drawing, art: art, trim: trim)
        case .paper: drawFrame(on: drawing, trim: trim)
        case .dawn: drawHills(on: drawing, art: art, trim: trim)
        case .photo: notice = drawPhoto(on: drawing, art: art, trim: trim, embed: embedPhotoAsJPEG)
        }
        // In print, each emoji of the title is a picture of the art with the emoji on it: the
        // art is no paper to flatten onto, and PDF/X-1a has no transparency.
        if embedPhotoAsJPEG { drawing.pictureBackdrop = .drawn { box in picture(of: box, trim: trim, bleed: bleed) } }
        drawTitleBlock(on: drawing, trim: trim)
        drawing.pictureBackdrop = nil
        drawing.restore()
        return notice
    }

    /// The preset's background alone (the back cover and the spine's neighbours).
    func drawBackground(on drawing: any Drawing, art: Rect) {
        let (top, bottom) = content.preset.sky
        drawing.setLinearGradient(x0: 0, y0: art.y, x1: 0, y1: art.y + art.height, stops: [
            GradientStop(offset: 0, red: top.r, green: top.g, blue: top.b),
            GradientStop(offset: 1, red: bottom.r, green: bottom.g, blue: bottom.b),
        ])
        drawing.fillRectangle(x: art.x, y: art.y, width: art.width, height: art.height)
    }

    /// `colour` at `alpha` over the background gradient of `art`. When `opaque`, the same look
    /// as an opaque gradient along the background's own axis (each shape here lies on the
    /// background alone, so blending the gradient's two ends is exact).
    private func setTranslucent(_ drawing: any Drawing, _ colour: (Double, Double, Double), alpha: Double, over art: Rect) {
        guard opaque else {
            drawing.setColour(red: colour.0, green: colour.1, blue: colour.2, alpha: alpha)
            return
        }
        let (top, bottom) = content.preset.sky
        let stops = [(0.0, top), (1.0, bottom)].map { offset, sky in
            GradientStop(offset: offset, red: alpha * colour.0 + (1 - alpha) * sky.r,
                         green: alpha * colour.1 + (1 - alpha) * sky.g, blue: alpha * colour.2 + (1 - alpha) * sky.b)
        }
        drawing.setLinearGradient(x0: 0, y0: art.y, x1: 0, y1: art.y + art.height, stops: stops)
    }

    private func drawNight(on drawing: any Drawing, art: Rect, trim: Rect) {
        var random = SeededRandom(seed: content.seed)
        for _ in 0..<220 {
            let x = art.x + random.unit() * art.width
            let y = art.y + random.unit() * art.height * 0.85
            let radius = 0.25 + random.unit() * random.unit() * 1.1
            setTranslucent(drawing, (1, 0.98, 0.9), alpha: 0.35 + 0.65 * random.unit(), over: art)
            drawing.circle(x: x, y: y, radius: radius)
            drawing.fill()
        }
        // A crescent: the moon's disc less a disc offset towards the light, cut with an even-odd
        // clip. (A group with the CLEAR operator would make Cairo rasterise the page region.)
        let moon = (x: trim.x + trim.width * 0.72, y: trim.y + trim.height * 0.2, r: trim.width * 0.075)
        drawing.save()
        drawing.useEvenOddFill()
        drawing.rectangle(x: art.x, y: art.y, width: art.width, height: art.height)
        drawing.newSubPath()
        drawing.circle(x: moon.x + moon.r * 0.45, y: moon.y - moon.r * 0.2, radius: moon.r * 0.9)
        drawing.clip()
        drawing.setColour(red: 0.99, green: 0.95, blue: 0.80)
        drawing.circle(x: moon.x, y: moon.y, radius: moon.r)
        drawing.fill()
        drawing.restore()
    }

    private func drawSun(on drawing: any Drawing, art: Rect, trim: Rect) {
        setTranslucent(drawing, (1, 0.86, 0.45), alpha: 0.95, over: art)
        drawing.circle(x: trim.x + trim.width * 0.5, y: trim.y + trim.height * 0.78, radius: trim.width * 0.2)
        drawing.fill()
        setTranslucent(drawing, (0.25, 0.08, 0.20), alpha: 0.85, over: art)
        drawing.rectangle(x: trim.x - 50, y: trim.y + trim.height * 0.84, width: trim.width + 100, height: trim.height)
        drawing.fill()
    }

    private func drawHills(on drawing: any Drawing, art: Rect, trim: Rect) {
        for (index, shade) in [(0.93, 0.72, 0.70), (0.85, 0.62, 0.66)].enumerated() {
            let base = trim.y + trim.height * (0.78 + 0.08 * Double(index))
            drawing.setColour(red: shade.0, green: shade.1, blue: shade.2)
            drawing.move(toX: art.x, y: art.y + art.height)
            drawing.line(toX: art.x, y: base)
            drawing.curve(x1: art.x + art.width * 0.3, y1: base - trim.height * 0.08, x2: art.x + art.width * 0.6, y2: base + trim.height * 0.05, toX: art.x + art.width, y: base - trim.height * 0.04)
            drawing.line(toX: art.x + art.width, y: art.y + art.height)
            drawing.closePath()
            drawing.fill()
        }
    }

    private func drawTrees(on drawing: any Drawing, art: Rect, trim: Rect) {
        var random = SeededRandom(seed: content.seed)
        for row in 0..<3 {
            let base = trim.y + trim.height * (0.80 + 0.07 * Double(row))
            let shade = 0.08 + 0.05 * Double(row)
            drawing.setColour(red: shade * 0.7, green: shade + 0.08, blue: shade * 0.8)
            var x = art.x - 10
            while x < art.x + art.width + 10 {
                let width = trim.width * (0.07 + 0.05 * random.unit())
                let height = width * (2.2 + random.unit())
                drawing.move(toX: x, y: base)
                drawing.line(toX: x + width / 2, y: base - height)
                drawing.line(toX: x + width, y: base)
                drawing.closePath()
                drawing.fill()
                x += width * 0.7
            }
            drawing.rectangle(x: art.x, y: base, width: art.width, height: art.y + art.height - base)
            drawing.fill()
        }
    }

    private func drawWaves(on drawing: any Drawing, art: Rect, trim: Rect) {
        for band in 0..<6 {
            let y = trim.y + trim.height * (0.66 + 0.06 * Double(band))
            setTranslucent(drawing, (1, 1, 1), alpha: 0.12 + 0.04 * Double(band), over: art)
            drawing.setLineWidth(1.2)
            drawing.move(toX: art.x, y: y)
            var x = art.x
            let step = trim.width / 8
            while x < art.x + art.width {
                drawing.curve(x1: x + step / 3, y1: y - 5, x2: x + 2 * step / 3, y2: y + 5, toX: x + step, y: y)
                x += step
            }
            drawing.stroke()
        }
    }

    private func drawFrame(on drawing: any Drawing, trim: Rect) {
        let inset = trim.width * 0.08
        drawing.setColour(red: 0.55, green: 0.45, blue: 0.30)
        drawing.setLineWidth(0.8)
        drawing.rectangle(x: trim.x + inset, y: trim.y + inset, width: trim.width - 2 * inset, height: trim.height - 2 * inset)
        drawing.stroke()
        drawing.setLineWidth(0.3)
        drawing.rectangle(x: trim.x + inset + 4, y: trim.y + inset + 4, width: trim.width - 2 * inset - 8, height: trim.height - 2 * inset - 8)
        drawing.stroke()
    }
}
