import CPangoCairo
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
    func drawCover(on cairo: OpaquePointer, trim: Rect, bleed: Double, embedPhotoAsJPEG: Bool) -> RenderNotice? {
        let art = trim.inset(bleed)
        cairo_save(cairo)
        cairo_rectangle(cairo, art.x, art.y, art.width, art.height)
        cairo_clip(cairo)
        var notice: RenderNotice?
        drawBackground(on: cairo, art: art)
        switch content.preset {
        case .night: drawNight(on: cairo, art: art, trim: trim)
        case .sunset: drawSun(on: cairo, art: art, trim: trim)
        case .forest: drawTrees(on: cairo, art: art, trim: trim)
        case .sea: drawWaves(on: cairo, art: art, trim: trim)
        case .paper: drawFrame(on: cairo, trim: trim)
        case .dawn: drawHills(on: cairo, art: art, trim: trim)
        case .photo: notice = drawPhoto(on: cairo, art: art, trim: trim, embed: embedPhotoAsJPEG)
        }
        drawTitleBlock(on: cairo, trim: trim)
        cairo_restore(cairo)
        return notice
    }

    /// The preset's background alone (the back cover and the spine's neighbours).
    func drawBackground(on cairo: OpaquePointer, art: Rect) {
        let (top, bottom) = content.preset.sky
        let gradient = cairo_pattern_create_linear(0, art.y, 0, art.y + art.height)
        cairo_pattern_add_color_stop_rgb(gradient, 0, top.r, top.g, top.b)
        cairo_pattern_add_color_stop_rgb(gradient, 1, bottom.r, bottom.g, bottom.b)
        cairo_set_source(cairo, gradient)
        cairo_rectangle(cairo, art.x, art.y, art.width, art.height)
        cairo_fill(cairo)
        cairo_pattern_destroy(gradient)
    }

    /// `colour` at `alpha` over the background gradient of `art`. When `opaque`, the same look
    /// as an opaque gradient along the background's own axis (each shape here lies on the
    /// background alone, so blending the gradient's two ends is exact).
    private func setTranslucent(_ cairo: OpaquePointer, _ colour: (Double, Double, Double), alpha: Double, over art: Rect) {
        guard opaque else {
            cairo_set_source_rgba(cairo, colour.0, colour.1, colour.2, alpha)
            return
        }
        let (top, bottom) = content.preset.sky
        let gradient = cairo_pattern_create_linear(0, art.y, 0, art.y + art.height)
        for (offset, sky) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgb(gradient, offset, alpha * colour.0 + (1 - alpha) * sky.r,
                                             alpha * colour.1 + (1 - alpha) * sky.g, alpha * colour.2 + (1 - alpha) * sky.b)
        }
        cairo_set_source(cairo, gradient)
        cairo_pattern_destroy(gradient)
    }

    private func drawNight(on cairo: OpaquePointer, art: Rect, trim: Rect) {
        var random = SeededRandom(seed: content.seed)
        for _ in 0..<220 {
            let x = art.x + random.unit() * art.width
            let y = art.y + random.unit() * art.height * 0.85
            let radius = 0.25 + random.unit() * random.unit() * 1.1
            setTranslucent(cairo, (1, 0.98, 0.9), alpha: 0.35 + 0.65 * random.unit(), over: art)
            cairo_arc(cairo, x, y, radius, 0, 2 * .pi)
            cairo_fill(cairo)
        }
        // A crescent: the moon's disc less a disc offset towards the light, cut with an even-odd
        // clip. (A group with the CLEAR operator would make Cairo rasterise the page region.)
        let moon = (x: trim.x + trim.width * 0.72, y: trim.y + trim.height * 0.2, r: trim.width * 0.075)
        cairo_save(cairo)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_rectangle(cairo, art.x, art.y, art.width, art.height)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, moon.x + moon.r * 0.45, moon.y - moon.r * 0.2, moon.r * 0.9, 0, 2 * .pi)
        cairo_clip(cairo)
        cairo_set_source_rgb(cairo, 0.99, 0.95, 0.80)
        cairo_arc(cairo, moon.x, moon.y, moon.r, 0, 2 * .pi)
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    private func drawSun(on cairo: OpaquePointer, art: Rect, trim: Rect) {
        setTranslucent(cairo, (1, 0.86, 0.45), alpha: 0.95, over: art)
        cairo_arc(cairo, trim.x + trim.width * 0.5, trim.y + trim.height * 0.78, trim.width * 0.2, 0, 2 * .pi)
        cairo_fill(cairo)
        setTranslucent(cairo, (0.25, 0.08, 0.20), alpha: 0.85, over: art)
        cairo_rectangle(cairo, trim.x - 50, trim.y + trim.height * 0.84, trim.width + 100, trim.height)
        cairo_fill(cairo)
    }

    private func drawHills(on cairo: OpaquePointer, art: Rect, trim: Rect) {
        for (index, shade) in [(0.93, 0.72, 0.70), (0.85, 0.62, 0.66)].enumerated() {
            let base = trim.y + trim.height * (0.78 + 0.08 * Double(index))
            cairo_set_source_rgb(cairo, shade.0, shade.1, shade.2)
            cairo_move_to(cairo, art.x, art.y + art.height)
            cairo_line_to(cairo, art.x, base)
            cairo_curve_to(cairo, art.x + art.width * 0.3, base - trim.height * 0.08, art.x + art.width * 0.6,
                           base + trim.height * 0.05, art.x + art.width, base - trim.height * 0.04)
            cairo_line_to(cairo, art.x + art.width, art.y + art.height)
            cairo_close_path(cairo)
            cairo_fill(cairo)
        }
    }

    private func drawTrees(on cairo: OpaquePointer, art: Rect, trim: Rect) {
        var random = SeededRandom(seed: content.seed)
        for row in 0..<3 {
            let base = trim.y + trim.height * (0.80 + 0.07 * Double(row))
            let shade = 0.08 + 0.05 * Double(row)
            cairo_set_source_rgb(cairo, shade * 0.7, shade + 0.08, shade * 0.8)
            var x = art.x - 10
            while x < art.x + art.width + 10 {
                let width = trim.width * (0.07 + 0.05 * random.unit())
                let height = width * (2.2 + random.unit())
                cairo_move_to(cairo, x, base)
                cairo_line_to(cairo, x + width / 2, base - height)
                cairo_line_to(cairo, x + width, base)
                cairo_close_path(cairo)
                cairo_fill(cairo)
                x += width * 0.7
            }
            cairo_rectangle(cairo, art.x, base, art.width, art.y + art.height - base)
            cairo_fill(cairo)
        }
    }

    private func drawWaves(on cairo: OpaquePointer, art: Rect, trim: Rect) {
        for band in 0..<6 {
            let y = trim.y + trim.height * (0.66 + 0.06 * Double(band))
            setTranslucent(cairo, (1, 1, 1), alpha: 0.12 + 0.04 * Double(band), over: art)
            cairo_set_line_width(cairo, 1.2)
            cairo_move_to(cairo, art.x, y)
            var x = art.x
            let step = trim.width / 8
            while x < art.x + art.width {
                cairo_curve_to(cairo, x + step / 3, y - 5, x + 2 * step / 3, y + 5, x + step, y)
                x += step
            }
            cairo_stroke(cairo)
        }
    }

    private func drawFrame(on cairo: OpaquePointer, trim: Rect) {
        let inset = trim.width * 0.08
        cairo_set_source_rgb(cairo, 0.55, 0.45, 0.30)
        cairo_set_line_width(cairo, 0.8)
        cairo_rectangle(cairo, trim.x + inset, trim.y + inset, trim.width - 2 * inset, trim.height - 2 * inset)
        cairo_stroke(cairo)
        cairo_set_line_width(cairo, 0.3)
        cairo_rectangle(cairo, trim.x + inset + 4, trim.y + inset + 4, trim.width - 2 * inset - 8, trim.height - 2 * inset - 8)
        cairo_stroke(cairo)
    }
}
