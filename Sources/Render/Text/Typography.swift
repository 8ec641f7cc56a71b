import Prepress

/// The one typeface registry: every face and size the book uses, in one place, so that the
/// PDF, the cover and the EPUB agree. Families are fontconfig names of Debian-packaged fonts.
public struct Typography: Sendable, Equatable {
    /// Body text and captions: Inter (fonts-inter) covers Latin, Cyrillic and Greek in every weight.
    public var sansFamily = "Inter"
    /// Headings: EB Garamond at its 12 pt optical size (plain "EB Garamond" picks the 08 caption size).
    public var serifFamily = "EB Garamond 12"
    public var monospaceFamily = "DejaVu Sans Mono"
    public var bodySize = 11.3
    public var lineHeightFactor = 1.55
    public var paragraphSpacing = 2.0
    public var firstLineIndent = 15.0
    public var captionSize = 8.5
    public var runningHeadSize = 7.5
    public var entryDateSize = 8.5
    public var entryTitleSize = 15.0
    public var chapterTitleSize = 30.0
    public var quoteIndent = 18.0
    public var listIndent = 18.0
    /// Hanging punctuation at justified lines' ends (`MarginKerning`); the product's
    /// `margin_kerning`.
    public var marginKerning = true
    /// Glyph expansion of justified lines in percent (`GlyphExpansion`); the product's
    /// `glyph_expansion`.
    public var glyphExpansion = 0.0

    public init() {}

    /// The registry with the product's typefaces, where it names any.
    public init(product: Product) {
        self.init()
        if let serif = product.typefaces["serif"] { serifFamily = serif }
        if let sans = product.typefaces["sans"] { sansFamily = sans }
        if let mono = product.typefaces["mono"] { monospaceFamily = mono }
        marginKerning = product.marginKerning
        glyphExpansion = product.glyphExpansionPercent
    }

    public var bodyLineHeight: Double { bodySize * lineHeightFactor }

    func font(_ role: Role) -> FontSpec {
        switch role {
        case .body: FontSpec(family: sansFamily, size: bodySize)
        case .quote: FontSpec(family: sansFamily, size: bodySize, italic: true)
        case .code: FontSpec(family: monospaceFamily, size: bodySize * 0.88)
        case .caption: FontSpec(family: sansFamily, size: captionSize)
        case .runningHead: FontSpec(family: sansFamily, size: runningHeadSize, weight: 500)
        case .entryDate: FontSpec(family: sansFamily, size: entryDateSize, weight: 600)
        case .entryTitle: FontSpec(family: serifFamily, size: entryTitleSize)
        case .heading(let level): FontSpec(family: serifFamily, size: max(bodySize * 1.05, 17 - Double(level) * 2))
        case .chapterTitle: FontSpec(family: serifFamily, size: chapterTitleSize)
        case .chapterYear: FontSpec(family: sansFamily, size: 10, weight: 500)
        case .titlePageTitle: FontSpec(family: serifFamily, size: 30)
        case .titlePageSubtitle: FontSpec(family: serifFamily, size: 15, italic: true)
        case .titlePageAuthor: FontSpec(family: sansFamily, size: 10.5, weight: 500)
        case .contentsTitle: FontSpec(family: serifFamily, size: 22)
        case .contentsLine: FontSpec(family: sansFamily, size: bodySize)
        }
    }

    enum Role: Equatable {
        case body, quote, code, caption, runningHead, entryDate, entryTitle, heading(Int)
        case chapterTitle, chapterYear, titlePageTitle, titlePageSubtitle, titlePageAuthor
        case contentsTitle, contentsLine
    }
}

/// A font as Pango names it.
struct FontSpec: Equatable {
    var family: String
    var size: Double
    var weight = 400
    var italic = false

    /// A Pango font description string such as `Inter Semi-Bold Italic 11.3`.
    var pangoDescription: String {
        var parts = [family + ","]
        let weights = [300: "Light", 500: "Medium", 600: "Semi-Bold", 700: "Bold"]
        if let name = weights[weight] { parts.append(name) }
        if italic { parts.append("Italic") }
        parts.append(String(format: "%.2f", size))
        return parts.joined(separator: " ")
    }
}

extension Typography {
    /// The registry's families fontconfig has no font for (`folio doctor`): such a book would
    /// be set in a fallback face.
    public var missingFamilies: [String] {
        [sansFamily, serifFamily, monospaceFamily].filter { !FontConfiguration.shared.hasFamily($0) }
    }
}
