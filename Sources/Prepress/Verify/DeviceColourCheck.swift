import CQPDF
import Foundation

/// Colour a printer would refuse or print wrong: under a CMYK output intent, anything in
/// DeviceRGB (colour operators in content streams, images, shadings, blending spaces), which
/// the press would have to guess at; under any intent, a CMYK JPEG whose /Decode disagrees
/// with its Adobe marker, which prints as a negative.
struct DeviceColourCheck {
    let document: QPDFDocument
    /// Components of the output intent: 4 turns on the DeviceRGB checks.
    let outputComponents: Int?

    func check() -> [Finding] {
        var findings: [Finding] = []
        let cmyk = outputComponents == 4
        var contentStreams: [(stream: qpdf_oh, page: Int?)] = []
        for index in 0..<document.pageCount {
            guard let contents = document.key(document.page(index), "/Contents") else { continue }
            for stream in document.isStream(contents) ? [contents] : document.array(contents) {
                contentStreams.append((stream, index + 1))
            }
        }
        for (number, object) in document.objects() {
            let subtype = document.key(object, "/Subtype").flatMap(document.name)
            if subtype == "/Image" { findings += checkDecode(image: object, number: number) }
            guard cmyk else { continue }
            if document.isStream(object), subtype == "/Form" || document.key(object, "/PatternType").flatMap(document.number) == 1 {
                contentStreams.append((object, nil))
            }
            // Images have their own check (image-colour-space).
            let space = subtype == "/Image" ? nil : document.key(object, "/ColorSpace").flatMap(document.name)
            let blending = document.key(object, "/Group").flatMap { document.key($0, "/CS") }.flatMap(document.name)
            if space == "/DeviceRGB" || blending == "/DeviceRGB" {
                let what = document.key(object, "/ShadingType") != nil ? "a shading"
                    : space == nil ? "a transparency group's blending space" : "an object"
                findings.append(Finding(.error, "rgb-in-cmyk", "\(what) in DeviceRGB under a CMYK output intent", object: number))
            }
        }
        guard cmyk else { return findings }
        for (stream, page) in contentStreams {
            guard let bytes = document.streamData(stream) else { continue }
            if let op = Self.firstRGBOperator(bytes) {
                findings.append(Finding(.error, "rgb-in-cmyk", "the content sets an RGB colour (\(op)) under a CMYK output intent",
                                        page: page, object: document.objectNumber(stream)))
            }
        }
        return findings
    }

    private func checkDecode(image: qpdf_oh, number: Int) -> [Finding] {
        guard document.key(image, "/Filter").flatMap(document.name) == "/DCTDecode",
              document.key(image, "/ColorSpace").flatMap(document.name) == "/DeviceCMYK",
              let raw = document.streamData(image, raw: true) else { return [] }
        let inverted = AdobeMarker.isPresent(in: raw)
        let decode = document.key(image, "/Decode").map(document.numbers) ?? [0, 1, 0, 1, 0, 1, 0, 1]
        guard decode == (inverted ? [1, 0, 1, 0, 1, 0, 1, 0] : [0, 1, 0, 1, 0, 1, 0, 1]) else {
            let why = inverted ? "stores inverted values (Adobe marker) without /Decode [1 0 …]"
                : "has an inverting /Decode but no Adobe marker"
            return [Finding(.error, "cmyk-jpeg-inverted", "the CMYK JPEG \(why): it would print as a negative", object: number)]
        }
        return []
    }

    /// `rg`, `RG`, or a `cs`/`CS` selecting DeviceRGB, if the content has one.
    static func firstRGBOperator(_ bytes: [UInt8]) -> String? {
        var previous: ContentTokenizer.Token?
        for token in ContentTokenizer(bytes: bytes) {
            if case .operator(let op) = token {
                if op == "rg" || op == "RG" { return op }
                if op == "cs" || op == "CS", previous == .name("/DeviceRGB") { return "/DeviceRGB \(op)" }
            }
            previous = token
        }
        return nil
    }
}
