import CPangoCairo
import Foundation

/// A font face embedded in the EPUB through @font-face.
struct EPUBFont: Equatable {
    var family: String
    var weight: Int
    var italic: Bool
    var file: URL

    var href: String { "fonts/" + file.lastPathComponent }
    var mediaType: String { file.pathExtension.lowercased() == "ttf" ? "font/ttf" : "font/otf" }

    var fontFace: String {
        "@font-face { font-family: \"\(family)\"; font-weight: \(weight); font-style: \(italic ? "italic" : "normal"); src: url(\"\(href)\"); }"
    }

    /// The file of a face, through fontconfig; nil when the family itself is not installed
    /// (fontconfig's fallback to another family does not count).
    static func find(family: String, weight: Int, italic: Bool) -> EPUBFont? {
        let fcWeight = [400: 80, 500: 100, 600: 180, 700: 200][weight] ?? 80
        guard let pattern = FcNameParse("\(family):weight=\(fcWeight):slant=\(italic ? 100 : 0)") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var matched: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file,
              FcPatternGetString(match, "family", 0, &matched) == FcResultMatch, let matched else { return nil }
        let matchedFamily = String(cString: matched)
        guard family.hasPrefix(matchedFamily) || matchedFamily.hasPrefix(family) else { return nil }
        return EPUBFont(family: family, weight: weight, italic: italic, file: URL(fileURLWithPath: String(cString: file)))
    }
}
