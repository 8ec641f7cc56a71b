import Diagnostics
import Foundation

/// Colour a printer would refuse or print wrong: under a CMYK output intent, anything in RGB
/// (colour operators and inline images in content streams, images, shadings, blending spaces,
/// named colour spaces), which the press would have to guess at; under any intent, a CMYK JPEG
/// whose /Decode disagrees with its Adobe marker, which prints as a negative. It looks where
/// the finisher's rewrite looks (`ColourSites`).
struct DeviceColourCheck {
    let document: QPDFDocument
    /// Where the file sets colour, found once for this check and the ink check.
    let sites: ColourSites
    /// Components of the output intent: 4 turns on the RGB checks.
    let outputComponents: Int?
    /// Images the page-by-page resource walk has already reported, with their page.
    let reportedImages: Set<Int>

    func check() -> [Diagnostic] {
        var findings = sites.images.flatMap { checkDecode(image: $0.image, number: $0.object) }
        guard outputComponents == 4 else { return findings }
        for (image, number) in sites.images where !reportedImages.contains(number) {
            findings += PDFVerifier.check(image: image, allowed: 4, page: nil, document)
        }
        func rgb(_ space: PDFObject?) -> Bool { document.colourComponents(space) == 3 }
        for (shading, number) in sites.shadings where rgb(document.key(shading, "/ColorSpace")) {
            findings.append(Diagnostic(.error, .rgbInCMYK, "a shading in RGB under a CMYK output intent", object: number))
        }
        for (group, number) in sites.groups where rgb(document.key(group, "/CS")) {
            findings.append(Diagnostic(.error, .rgbInCMYK, "a transparency group blends in RGB under a CMYK output intent", object: number))
        }
        for (space, number) in sites.namedSpaces where rgb(space) {
            findings.append(Diagnostic(.error, .rgbInCMYK, "a named colour space is RGB under a CMYK output intent", object: number))
        }
        for (stream, page) in sites.contentStreams {
            guard let bytes = document.streamData(stream), let op = Self.firstRGBOperator(bytes) else { continue }
            findings.append(Diagnostic(.error, .rgbInCMYK, "the content sets an RGB colour (\(op)) under a CMYK output intent",
                                       page: page, object: document.objectNumber(stream)))
        }
        return findings
    }

    private func checkDecode(image: PDFObject, number: Int) -> [Diagnostic] {
        guard let inverted = ColourSites.cmykJPEGIsInverted(image, document) else { return [] }
        let decode = document.key(image, "/Decode").map(document.numbers) ?? [0, 1, 0, 1, 0, 1, 0, 1]
        guard decode == (inverted ? [1, 0, 1, 0, 1, 0, 1, 0] : [0, 1, 0, 1, 0, 1, 0, 1]) else {
            let why = inverted ? "stores inverted values (Adobe marker) without /Decode [1 0 …]"
                : "has an inverting /Decode but no Adobe marker"
            return [Diagnostic(.error, .cmykJPEGInverted, "the CMYK JPEG \(why): it would print as a negative", object: number)]
        }
        return []
    }

    /// `rg`, `RG`, a `cs`/`CS` selecting DeviceRGB, or an inline image in RGB, if the content
    /// has one.
    static func firstRGBOperator(_ bytes: [UInt8]) -> String? {
        var previous: ContentTokenizer.Token?
        var inlineImage: [ContentTokenizer.Token]?
        for token in ContentTokenizer(bytes: bytes) {
            if case .operator(let op) = token {
                if op == "rg" || op == "RG" { return op }
                if op == "cs" || op == "CS", previous == .name("/DeviceRGB") { return "/DeviceRGB \(op)" }
                if op == "BI" { inlineImage = [] }
                if op == "ID", let keys = inlineImage {
                    for (key, value) in zip(keys, keys.dropFirst()) where key == .name("/CS") || key == .name("/ColorSpace") {
                        if [.name("/RGB"), .name("/DeviceRGB"), .name("/CalRGB")].contains(value) { return "an inline RGB image" }
                    }
                    inlineImage = nil
                }
            } else {
                inlineImage?.append(token)
            }
            previous = token
        }
        return nil
    }
}
