/// The PDF verifier's findings (`folio verify`, and every job's interior and cover): bytes and
/// cross-reference, pages and boxes, fonts, colour and ink, PDF/X. Any error fails the job with
/// `verification-failed`.
extension DiagnosticCode {
    public static let pdfHeader = DiagnosticCode("pdf-header", .verifyPDF, .error, "the file does not start with `%PDF-`")
    public static let pdfEOF = DiagnosticCode("pdf-eof", .verifyPDF, .error, "no `%%EOF` at the end: the file is truncated")
    public static let pdfStartxref = DiagnosticCode("pdf-startxref", .verifyPDF, .error, "no `startxref` offset before `%%EOF`")
    public static let xrefOffset = DiagnosticCode("xref-offset", .verifyPDF, .error,
                                                  "`startxref`, `/Prev` or an xref entry points outside the file or where no such object starts")
    public static let xrefSyntax = DiagnosticCode("xref-syntax", .verifyPDF, .error, "an xref subsection is unreadable or runs past the end of the file")
    public static let xrefLoop = DiagnosticCode("xref-loop", .verifyPDF, .error, "the `/Prev` chain of xref sections returns to an offset it has read")
    public static let xrefStream = DiagnosticCode("xref-stream", .verifyPDF, .info, "a cross-reference stream: its entries are checked by qpdf")
    public static let trailerKey = DiagnosticCode("trailer-key", .verifyPDF, .error, "the newest trailer has no `/Root`, `/Info` or `/ID`")
    public static let pdfStructure = DiagnosticCode("pdf-structure", .verifyPDF, .error, "qpdf cannot read the file, or complains of its structure")
    public static let streamDamaged = DiagnosticCode("stream-damaged", .verifyPDF, .error,
                                                     "a compressed stream or a JPEG image does not decode")
    public static let pageCount = DiagnosticCode("page-count", .verifyPDF, .error, "the page tree's `/Count` is not the number of pages found")
    public static let pageCountReport = DiagnosticCode("page-count-report", .verifyPDF, .error, "the report's page count is not the file's")
    public static let pageRules = DiagnosticCode("page-rules", .verifyPDF, .error,
                                                 "the number of pages is outside the product's minimum and maximum or not its multiple")
    public static let missingBox = DiagnosticCode("missing-box", .verifyPDF, .error, "a page has no MediaBox, TrimBox or BleedBox")
    public static let trimSize = DiagnosticCode("trim-size", .verifyPDF, .error, "a page's TrimBox is not the product's trim")
    public static let bleedSize = DiagnosticCode("bleed-size", .verifyPDF, .error, "a page's BleedBox does not extend the trim by the product's bleed")
    public static let mediaBox = DiagnosticCode("media-box", .verifyPDF, .error, "a page's MediaBox does not contain its BleedBox")
    public static let fontNotEmbedded = DiagnosticCode("font-not-embedded", .verifyPDF, .error, "a font the pages use has no embedded font program")
    public static let type3Font = DiagnosticCode("type3-font", .verifyPDF, .warning, "a Type 3 font: its glyphs are drawn by procedures")
    public static let imageColourSpace = DiagnosticCode("image-colour-space", .verifyPDF, .error,
                                                        "an image's colour space does not suit the output intent (RGB under CMYK, CMYK under RGB)")
    public static let noOutputIntent = DiagnosticCode("no-output-intent", .verifyPDF, .error,
                                                      "the catalog has no `/OutputIntents`, or the intent no `/DestOutputProfile`")
    public static let outputIntentProfile = DiagnosticCode("output-intent-profile", .verifyPDF, .error,
                                                           "the output profile has a different number of components from the product's")
    public static let rgbInCMYK = DiagnosticCode("rgb-in-cmyk", .verifyPDF, .error,
                                                 "under a CMYK output intent, a colour operator, inline image, shading, blending or named space in DeviceRGB")
    public static let cmykJPEGInverted = DiagnosticCode("cmyk-jpeg-inverted", .verifyPDF, .error,
                                                        "a CMYK JPEG whose `/Decode` disagrees with its Adobe marker: it would print as a negative")
    public static let inkLimitExceeded = DiagnosticCode("ink-limit-exceeded", .verifyPDF, .error,
                                                        "a colour, gradient or photo carries more total ink than the product allows (`ink_limit_severity` may make it a warning)")
    public static let pdfxVersion = DiagnosticCode("pdfx-version", .verifyPDF, .error,
                                                   "the header is newer than the part allows, or Info's `/GTS_PDFXVersion` or `/GTS_PDFXConformance` is not as the part writes it ([PDF/X identification](#pdfx-identification))")
    public static let pdfxTrapped = DiagnosticCode("pdfx-trapped", .verifyPDF, .error, "Info `/Trapped` is missing or not `/True` or `/False`")
    public static let pdfxInfo = DiagnosticCode("pdfx-info", .verifyPDF, .error, "Info lacks the title or a date PDF/X needs")
    public static let pdfxXMP = DiagnosticCode("pdfx-xmp", .verifyPDF, .error,
                                               "the XMP lacks a key its part requires (X-4: the packet, `pdfxid:GTS_PDFXVersion`, the `xmpMM` ids, `pdf:Trapped`), is not well-formed, or does not agree with Info (standard, trapping, dates, title)")
    public static let pdfxOutputIntent = DiagnosticCode("pdfx-output-intent", .verifyPDF, .error,
                                                        "not exactly one `/GTS_PDFX` intent with an identifier and an embedded profile (CMYK for X-1a and X-3)")
    public static let pdfxBoxes = DiagnosticCode("pdfx-boxes", .verifyPDF, .error,
                                                 "a page lacks exactly one of TrimBox and ArtBox, or MediaBox ⊇ BleedBox ⊇ TrimBox does not hold")
    public static let pdfxForbidden = DiagnosticCode("pdfx-forbidden", .verifyPDF, .error,
                                                     "encryption, JavaScript, a Launch action or embedded files")
    public static let pdfxTransparency = DiagnosticCode("pdfx-transparency", .verifyPDF, .error,
                                                        "soft masks, constant alpha below 1, blend modes or transparency groups where the standard allows none")
    public static let pdfxColour = DiagnosticCode("pdfx-colour", .verifyPDF, .error,
                                                  "a colour the standard forbids: device RGB under a CMYK intent; for X-1a any ICC-based or CIE colour")
}

extension DiagnosticCodes {
    static let verifyPDF: [DiagnosticCode] = [
        .pdfHeader, .pdfEOF, .pdfStartxref, .xrefOffset, .xrefSyntax, .xrefLoop, .xrefStream, .trailerKey, .pdfStructure, .streamDamaged,
        .pageCount, .pageCountReport, .pageRules, .missingBox, .trimSize, .bleedSize, .mediaBox, .fontNotEmbedded, .type3Font,
        .imageColourSpace, .noOutputIntent, .outputIntentProfile, .rgbInCMYK, .cmykJPEGInverted, .inkLimitExceeded,
        .pdfxVersion, .pdfxTrapped, .pdfxInfo, .pdfxXMP, .pdfxOutputIntent, .pdfxBoxes, .pdfxForbidden, .pdfxTransparency, .pdfxColour,
    ]
}
