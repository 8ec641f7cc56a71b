/// The renderers' notices (interior, cover, EPUB, photos) and a resumed attempt's: warnings
/// and infos only, since what cannot be rendered at all ends the job (`FailureCodes`).
extension DiagnosticCode {
    public static let noHyphenationDictionary = DiagnosticCode("no-hyphenation-dictionary", .render, .info,
                                                               "the book's language is hyphenated but has no dictionary here: text is set unhyphenated")
    public static let missingGlyphs = DiagnosticCode("missing-glyphs", .render, .warning,
                                                     "characters of the entry's text have no glyph in any installed font and print as boxes (an emoji as a blank)")
    public static let boundOnTheRight = DiagnosticCode("bound-on-the-right", .render, .info,
                                                       "a right-to-left book is bound on the right, its front cover left of the spine: the printer must bind it so")
    public static let paragraphLoose = DiagnosticCode("paragraph-loose", .render, .info,
                                                      "a paragraph could not be set within the word-spacing tolerance; it has the least loose lines found")
    public static let lowResolutionImage = DiagnosticCode("low-resolution-image", .render, .warning,
                                                          "a photo has fewer pixels per inch at its printed size than the product's minimum")
    public static let photoMisnamed = DiagnosticCode("photo-misnamed", .render, .warning,
                                                     "a file's name says one picture format and its bytes another (JPEG and PNG, WebP and JPEG…): printed as what it is")
    public static let photoMissing = DiagnosticCode("photo-missing", .render, .warning, "the photo's file is not there: a placeholder is printed")
    public static let photoUnreadable = DiagnosticCode("photo-unreadable", .render, .warning, "the photo's file cannot be read: a placeholder is printed")
    public static let photoNotAnImage = DiagnosticCode("photo-not-an-image", .render, .warning,
                                                       "the photo's file is none of JPEG, PNG, HEIC, AVIF, WebP, GIF or TIFF: a placeholder is printed")
    public static let photoCorrupt = DiagnosticCode("photo-corrupt", .render, .warning, "the photo does not decode: a placeholder is printed")
    public static let photoTooLarge = DiagnosticCode("photo-too-large", .render, .warning,
                                                     "the photo has more megapixels than allowed: refused before decoding, a placeholder is printed")
    public static let photoUnsupported = DiagnosticCode("photo-unsupported", .render, .warning,
                                                        "the photo is of a kind that cannot be printed (a 12-bit JPEG, an odd number of components, a HEIF libheif gives deeper than 8 bits): a placeholder")
    public static let photoCMYKAssumed = DiagnosticCode("photo-cmyk-assumed", .render, .info,
                                                        "a CMYK photo without a profile is taken as already in the output intent's space and held to the ink limit")
    public static let bookInVolumes = DiagnosticCode("book-in-volumes", .render, .info,
                                                     "the book is longer than one volume of the product allows: it is printed as a set of volumes, split between months")
    public static let volumeMonthSplit = DiagnosticCode("volume-month-split", .render, .warning,
                                                        "a single month is longer than a volume: it is split between days, continued in the next volume")
    public static let verifiedOutputChanged = DiagnosticCode("verified-output-changed", .resume, .info,
                                                             "an output an earlier attempt verified is missing or changed: the book is rendered again")
}

extension DiagnosticCodes {
    static let render: [DiagnosticCode] = [
        .noHyphenationDictionary, .missingGlyphs, .paragraphLoose, .lowResolutionImage, .photoMisnamed, .photoMissing, .photoUnreadable,
        .photoNotAnImage, .photoCorrupt, .photoTooLarge, .photoUnsupported, .photoCMYKAssumed, .boundOnTheRight,
        .bookInVolumes, .volumeMonthSplit,
    ]
    static let resume: [DiagnosticCode] = [.verifiedOutputChanged]
}
