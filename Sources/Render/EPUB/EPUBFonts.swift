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

    /// The face through the same fontconfig configuration as the PDF (`FontConfiguration`);
    /// nil when the family itself is not installed.
    static func find(family: String, weight: Int, italic: Bool) -> EPUBFont? {
        FontConfiguration.shared.faceFile(family: family, weight: weight, italic: italic)
            .map { EPUBFont(family: family, weight: weight, italic: italic, file: $0) }
    }
}
