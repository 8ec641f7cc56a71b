import CPangoCairo
import Foundation

extension FontConfiguration {
    /// The file of one face of `family`, matched in this configuration (the one the PDF's
    /// font map uses, so the EPUB embeds the faces the print edition is set in); nil when the
    /// family itself is not there (fontconfig's fallback to another family does not count).
    func faceFile(family: String, weight: Int, italic: Bool) -> URL? {
        let fcWeight = [400: 80, 500: 100, 600: 180, 700: 200][weight] ?? 80
        guard let config, let pattern = FcNameParse("\(family):weight=\(fcWeight):slant=\(italic ? 100 : 0)") else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var matched: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file,
              FcPatternGetString(match, "family", 0, &matched) == FcResultMatch, let matched else { return nil }
        let matchedFamily = String(cString: matched)
        guard family.hasPrefix(matchedFamily) || matchedFamily.hasPrefix(family) else { return nil }
        return URL(fileURLWithPath: String(cString: file))
    }
}
