import Document
import CPangoCairo

/// Owns one job's Pango font map and context. Pango's default font map is per thread and
/// assumes 96 dpi; a job gets its own at 72 dpi, so a point is a point and settings survive
/// task hops.
final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    let typography: Typography
    /// The hyphen Pango draws at a soft hyphen, per font (see `hyphenWidth`).
    private var hyphenWidths: [String: Double] = [:]
    /// The job's words, each shaped once, for whole-paragraph breaking.
    private(set) lazy var wordWidths = WordWidths(context: context)
    /// Which of a set's passes this engine sets paragraphs for; nil in a book set once.
    var volumePass: LineBreakMemory.Pass?

    init(typography: Typography, language: BookLanguage) {
        self.typography = typography
        fontMap = pango_cairo_font_map_new()
        FontConfiguration.shared.apply(to: fontMap)
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        context = pango_font_map_create_context(fontMap)
        // Unhinted metrics: glyph advances as designed, identical in the PDF and the PNG preview.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_language(context, pango_language_from_string(language.rawValue))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The width of the hyphen Pango 1.50 draws where a line breaks at a soft hyphen: U+2010
    /// when the font has it, else "-".
    func hyphenWidth(_ font: FontSpec) -> Double {
        if let known = hyphenWidths[font.pangoDescription] { return known }
        let layout = pango_layout_new(context)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font.pangoDescription)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, "\u{2010}", -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        hyphenWidths[font.pangoDescription] = width
        return width
    }

    /// Lays out Pango markup at a width; the result keeps this engine alive.
    func paragraph(markup: String, font: FontSpec, width: Double, style: ParagraphStyle = .init()) -> MeasuredParagraph {
        MeasuredParagraph(engine: self, markup: markup, font: font, width: width, style: style)
    }
}

/// How a paragraph sets: alignment, indent, line pitch.
struct ParagraphStyle: Hashable, Sendable {
    enum Alignment: Hashable, Sendable { case justified, left, center, right }
    var alignment: Alignment = .left
    var firstLineIndent = 0.0
    /// The minimum distance between baselines; taller lines (a fallback font) get more.
    var lineHeight: Double? = nil
    /// Extra tracking in points (running heads set in spaced capitals).
    var letterSpacing = 0.0
    /// Korean lines break only between words (`KoreanWords`); false only to see Pango's own.
    var keepsKoreanWordsWhole = true
}
