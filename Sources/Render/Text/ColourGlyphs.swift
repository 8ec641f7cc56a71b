import CPangoCairo
import Foundation

/// A glyph of a colour font printed as a picture (an emoji from Noto Color Emoji's bitmaps):
/// the PNG the font holds for it, and where it stands.
struct ColourGlyph {
    /// The same for every use of one glyph of one font, so a PDF holds each picture once.
    var key: String
    var png: Data
    /// Its ink box, from the line's origin.
    var box: GlyphRun.Box
}

/// Reads a colour font's bitmaps through HarfBuzz, the way WeasyPrint does: Cairo 1.16 would
/// write them as 72 ppi images with no text, and Noto Color Emoji's are 136 × 128 px (about
/// 700 ppi at 11.3 pt). A font without bitmaps makes none; its glyphs are drawn as outlines.
struct ColourBitmaps {
    private let hb: OpaquePointer
    private let family: String

    init?(_ font: UnsafeMutablePointer<PangoFont>) {
        guard let hb = pango_font_get_hb_font(font), hb_ot_color_has_png(hb_font_get_face(hb)) != 0 else { return nil }
        self.hb = hb
        let description = pango_font_describe(font)
        defer { pango_font_description_free(description) }
        family = pango_font_description_get_family(description).map { String(cString: $0) } ?? "colour font"
    }

    /// Glyph `glyph` drawn with its origin at (`x`, `y`) from the line's, `advance` wide as Pango
    /// set it; nil when the font holds no bitmap for it (a space: nothing to draw). The box is
    /// the font's own, from HarfBuzz, scaled by the advance: fontconfig's settings for a slanted
    /// or emboldened face (a shear, no embedded bitmaps) would make Cairo's box of the glyph
    /// sheared or empty, and an emoji stands upright in italic text.
    func picture(of glyph: UInt32, x: Double, y: Double, advance: Double) -> ColourGlyph? {
        var extents = hb_glyph_extents_t()
        let fontAdvance = hb_font_get_glyph_h_advance(hb, glyph)
        guard advance > 0, fontAdvance > 0, hb_font_get_glyph_extents(hb, glyph, &extents) != 0,
              extents.width > 0, extents.height < 0, let blob = hb_ot_color_glyph_reference_png(hb, glyph) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        let scale = advance / Double(fontAdvance)
        return ColourGlyph(key: "\(family)#\(glyph)", png: Data(bytes: bytes, count: Int(length)),
                           box: .init(x: x + Double(extents.x_bearing) * scale, y: y - Double(extents.y_bearing) * scale,
                                      width: Double(extents.width) * scale, height: -Double(extents.height) * scale))
    }

    /// What carries a colour glyph's text in the PDF, in the paragraph's own face at its size (a
    /// bitmap font's own size is its strike's, 109 px): its em space, about as wide as the emoji,
    /// so a reader's layout does not take the gap after it for a column's edge, and its full stop,
    /// since Cairo drops text whose glyphs have no ink at all. The painter draws them white under
    /// the opaque picture. Cairo writes the cluster's code points for them (`ActualText`), so
    /// copying, searching and the completeness proof read the emoji the writer typed.
    static func carrier(in layout: OpaquePointer) -> (font: ScaledFont, glyphs: [UInt])? {
        guard let context = pango_layout_get_context(layout),
              let description = pango_layout_get_font_description(layout) ?? pango_context_get_font_description(context),
              let carrier = pango_context_load_font(context, description) else { return nil }
        defer { g_object_unref(carrier) }
        var space: hb_codepoint_t = 0, stop: hb_codepoint_t = 0
        guard let hb = pango_font_get_hb_font(carrier), hb_ot_color_has_png(hb_font_get_face(hb)) == 0,
              hb_font_get_nominal_glyph(hb, 0x2003, &space) != 0 || hb_font_get_nominal_glyph(hb, 0x20, &space) != 0,
              hb_font_get_nominal_glyph(hb, 0x2E, &stop) != 0,
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(carrier)) else { return nil }
        // The full stop first: a reader takes the text's box to end where its last glyph does.
        return (ScaledFont(retaining: scaled), [UInt(stop), UInt(space)])
    }
}
