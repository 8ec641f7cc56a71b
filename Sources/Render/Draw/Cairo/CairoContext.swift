import CPangoCairo
import Foundation

/// Owns a Cairo drawing context on a surface it keeps alive: the one `Drawing` there is.
final class CairoContext: Drawing {
    let pointer: OpaquePointer
    let surface: CairoSurface
    /// A failure outside the context's own status (a photo Cairo would not take), kept for the
    /// next `check`.
    var failure: RenderError?
    /// Prepares colour glyphs for print (a PDF's context); nil where they are painted as the
    /// font has them (pictures of pages).
    var colourGlyphs: ColourGlyphPictures?
    /// Each colour glyph's surface, drawn again wherever the glyph is.
    var pictures: [String: CairoSurface] = [:]
    /// How often each picture was drawn on the page being drawn.
    var usesOnPage: [String: Int] = [:]
    var pictureBackdrop: PictureBackdrop?

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

    func draw(_ line: SetLine, left: Double, top: Double) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        var x = left + line.x, y = top + line.baseline
        if line.scale != 1 {
            // Scaled from the line's start, so it still starts where it would unscaled.
            cairo_translate(pointer, x, y)
            cairo_scale(pointer, line.scale, 1)
            (x, y) = (0, 0)
        }
        // Highlights first: the runs are drawn in the text's order, not the page's, and a glyph
        // must never be covered by the highlight of its neighbour.
        for run in line.runs {
            guard let (box, colour) = run.background else { continue }
            cairo_save(pointer)
            cairo_set_source_rgb(pointer, colour.red, colour.green, colour.blue)
            cairo_rectangle(pointer, x + box.x, y + box.y, box.width, box.height)
            cairo_fill(pointer)
            cairo_restore(pointer)
        }
        for run in line.runs { draw(run, x: x, y: y) }
    }

    /// A run's glyphs with the text they spell (so the PDF copies and searches as written),
    /// boxes for missing characters and its strikethrough.
    private func draw(_ run: GlyphRun, x: Double, y: Double) {
        if run.drawsPictures {
            drawPictures(of: run, x: x, y: y)
        } else {
            showGlyphs(of: run, x: x, y: y)
        }
        if run.missing.contains(where: { $0.box != nil }) {
            cairo_save(pointer)
            cairo_set_line_width(pointer, 0.5)
            for case let box? in run.missing.map(\.box) { cairo_rectangle(pointer, x + box.x, y + box.y, box.width, box.height) }
            cairo_stroke(pointer)
            cairo_restore(pointer)
        }
        if let box = run.strikethrough {
            cairo_rectangle(pointer, x + box.x, y + box.y, box.width, box.height)
            cairo_fill(pointer)
        }
    }

    /// The run's glyphs with the text they spell, in the current source.
    func showGlyphs(of run: GlyphRun, x: Double, y: Double) {
        cairo_set_scaled_font(pointer, run.font.pointer)
        var glyphs = run.glyphs.map { cairo_glyph_t(index: $0.index, x: x + $0.x, y: y + $0.y) }
        if run.clusters.isEmpty {
            cairo_show_glyphs(pointer, &glyphs, Int32(glyphs.count))
        } else {
            var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs)) }
            let text = run.writtenText
            cairo_show_text_glyphs(pointer, text, Int32(text.utf8.count), &glyphs, Int32(glyphs.count),
                                   &clusters, Int32(clusters.count),
                                   run.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0))
        }
    }
}
