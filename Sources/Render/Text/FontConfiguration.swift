import CPangoCairo

/// The fontconfig setup every job's font map uses: the system's fonts, with Noto Color Emoji the
/// one colour font. Its glyphs are printed as pictures from its bitmaps (`ColourBitmaps`), never
/// through Cairo 1.16, which writes them as 72 ppi Type 3 fonts with a malformed dictionary; a
/// COLR or SVG colour font Cairo would print blank or in one colour, so it is left out (an
/// accepted font passes whatever a rejecting pattern says).
final class FontConfiguration: @unchecked Sendable {
    // FcConfig is immutable once its fonts are built, so one is shared by all jobs.
    let config: OpaquePointer?

    static let shared = FontConfiguration()

    private static let selection = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig>
          <selectfont>
            <acceptfont>
              <pattern><patelt name="family"><string>Noto Color Emoji</string></patelt></pattern>
            </acceptfont>
            <rejectfont>
              <pattern><patelt name="color"><bool>true</bool></patelt></pattern>
            </rejectfont>
          </selectfont>
        </fontconfig>
        """

    private init() {
        guard let config = FcInitLoadConfig() else {
            self.config = nil
            return
        }
        _ = Self.selection.withCString { xml in
            xml.withMemoryRebound(to: FcChar8.self, capacity: Self.selection.utf8.count + 1) {
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
