import CPangoCairo
import Foundation

/// Owns a Cairo drawing context on a surface it keeps alive: the one `Drawing` there is.
final class CairoContext: Drawing {
    let pointer: OpaquePointer
    let surface: CairoSurface
    /// A failure outside the context's own status (a photo Cairo would not take), kept for the
    /// next `check`.
    var failure: RenderError?

    init(on surface: CairoSurface) throws(RenderError) {
        guard let pointer = cairo_create(surface.pointer) else {
            throw RenderError(file: surface.label, message: "Cairo made no drawing context")
        }
        self.pointer = pointer
        self.surface = surface
        try check("creating the drawing context")
    }

    deinit { cairo_destroy(pointer) }

    /// Throws the first failure of the context or its surface, with what was being done.
    func check(_ doing: String) throws(RenderError) {
        if let failure { throw RenderError(file: failure.file, message: "\(doing): \(failure.message)") }
        try surface.check(doing)
        let status = cairo_status(pointer)
        if status != CAIRO_STATUS_SUCCESS { throw CairoSurface.error(status, doing: doing, label: surface.label) }
    }

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }

    func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }
    func rotate(by radians: Double) { cairo_rotate(pointer, radians) }

    func setColour(red: Double, green: Double, blue: Double) { cairo_set_source_rgb(pointer, red, green, blue) }
    func setColour(red: Double, green: Double, blue: Double, alpha: Double) {
        cairo_set_source_rgba(pointer, red, green, blue, alpha)
    }

    func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [GradientStop]) {
        guard let gradient = cairo_pattern_create_linear(x0, y0, x1, y1) else { return }
        // The context keeps its own reference to the source.
        defer { cairo_pattern_destroy(gradient) }
        for stop in stops {
            if let alpha = stop.alpha {
                cairo_pattern_add_color_stop_rgba(gradient, stop.offset, stop.red, stop.green, stop.blue, alpha)
            } else {
                cairo_pattern_add_color_stop_rgb(gradient, stop.offset, stop.red, stop.green, stop.blue)
            }
        }
        // A failed pattern would put the context in error, which `check` then reports.
        cairo_set_source(pointer, gradient)
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(pointer, width) }
    func useEvenOddFill() { cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_EVEN_ODD) }

    func rectangle(x: Double, y: Double, width: Double, height: Double) { cairo_rectangle(pointer, x, y, width, height) }
    func circle(x: Double, y: Double, radius: Double) { cairo_arc(pointer, x, y, radius, 0, 2 * .pi) }
    func move(toX x: Double, y: Double) { cairo_move_to(pointer, x, y) }
    func line(toX x: Double, y: Double) { cairo_line_to(pointer, x, y) }
    func curve(x1: Double, y1: Double, x2: Double, y2: Double, toX x: Double, y: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
    }
    func closePath() { cairo_close_path(pointer) }
    func newSubPath() { cairo_new_sub_path(pointer) }

    func fill() { cairo_fill(pointer) }
    func fillPreserve() { cairo_fill_preserve(pointer) }
    func stroke() { cairo_stroke(pointer) }
    func clip() { cairo_clip(pointer) }
    func paint() { cairo_paint(pointer) }

    func beginTag(_ role: String) { cairo_tag_begin(pointer, role, "") }
    func endTag(_ role: String) { cairo_tag_end(pointer, role) }

    func draw(_ paragraph: MeasuredParagraph, line: Int, left: Double, top: Double) {
        paragraph.draw(line: line, left: left, top: top, on: pointer)
    }
}
