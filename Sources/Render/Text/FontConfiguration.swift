import CPangoCairo

/// The fontconfig setups the jobs' font maps use: the system's fonts, with Noto Color Emoji the
/// one colour font (its glyphs are printed as pictures from its bitmaps, `ColourBitmaps`, never
/// through Cairo 1.16, which writes them as 72 ppi Type 3 fonts with a malformed dictionary; a
/// COLR or SVG colour font Cairo would print blank or in one colour, so it is left out), or with
/// no colour font at all for covers, whose type is one colour over a background no picture could
/// be flattened onto where PDF/X-1a forbids transparency (fallback then finds outline emoji).
final class FontConfiguration: @unchecked Sendable {
    // FcConfig is immutable once its fonts are built, so one is shared by all jobs.
    let config: OpaquePointer?

    static let shared = FontConfiguration(acceptingBitmapEmoji: true)
    static let monochrome = FontConfiguration(acceptingBitmapEmoji: false)

    /// Colour fonts are rejected, but for the bitmap emoji when `accept` (an accepted font
    /// passes whatever a rejecting pattern says).
    private static func selection(accept: Bool) -> String {
        let accepted = accept
            ? "<acceptfont><pattern><patelt name=\"family\"><string>Noto Color Emoji</string></patelt></pattern></acceptfont>" : ""
        return """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <selectfont>
                \(accepted)
                <rejectfont>
                  <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
                </rejectfont>
              </selectfont>
            </fontconfig>
            """
    }

    private init(acceptingBitmapEmoji: Bool) {
        guard let config = FcInitLoadConfig() else {
            self.config = nil
            return
        }
        let selection = Self.selection(accept: acceptingBitmapEmoji)
        _ = selection.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: selection.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, 1)
            }
        }
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            self.config = nil
            return
        }
        self.config = config
    }

    /// Points a Pango font map at this configuration.
    func apply(to fontMap: UnsafeMutablePointer<PangoFontMap>) {
        guard let config else { return }
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
    }
}

extension FontConfiguration {
    /// Whether any installed font has exactly this family name.
    func hasFamily(_ family: String) -> Bool {
        guard let config, let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let fonts = FcFontList(config, pattern, objects) else { return false }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }
}
