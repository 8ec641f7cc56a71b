import Foundation

/// Cairo draws only in DeviceRGB and writes every four-component JPEG without a /Decode array.
/// Run in the finisher on the whole file, this makes the colour what the output intent says:
/// CMYK JPEGs stored inverted (Adobe's marker) get `/Decode [1 0 1 0 1 0 1 0]` so they do not
/// print as negatives, and, when the book prints in CMYK, every `rg`/`RG` in every content
/// stream, every axial or radial shading and every transparency group's blending space is
/// turned into the press's inks through `colours`.
struct DeviceColourRewrite {
    let document: QPDFDocument
    /// Nil when the output is RGB: only the JPEG fix applies.
    let colours: DeviceColourMap?

    func run() {
        let sites = ColourSites(document)
        for (image, _) in sites.images { markInvertedJPEG(image) }
        guard let colours else { return }
        for (group, _) in sites.groups where name(group, "/CS") == "/DeviceRGB" {
            document.set("/CS", of: group, to: document.newName("/DeviceCMYK"))
        }
        var convertedFunctions: Set<Int> = []
        for (shading, _) in sites.shadings {
            let dictionary = document.dictionary(shading)
            guard let type = document.key(dictionary, "/ShadingType").flatMap(document.number), type == 2 || type == 3,
                  name(dictionary, "/ColorSpace") == "/DeviceRGB", let function = document.key(dictionary, "/Function"),
                  convert(function: function, colours, done: &convertedFunctions) else { continue }
            document.set("/ColorSpace", of: dictionary, to: document.newName("/DeviceCMYK"))
        }
        for (stream, _) in sites.contentStreams { rewriteContent(stream, colours) }
    }

    private func name(_ dictionary: PDFObject, _ key: String) -> String? {
        document.key(dictionary, key).flatMap(document.name)
    }

    private func markInvertedJPEG(_ image: PDFObject) {
        guard document.key(image, "/Decode") == nil, ColourSites.cmykJPEGIsInverted(image, document) == true else { return }
        document.set("/Decode", of: image, to: document.parse("[1 0 1 0 1 0 1 0]"))
    }

    /// Exponential functions get CMYK end colours; stitching functions, each of theirs. A
    /// function shared by several shadings is converted once. Nothing changes, and false comes
    /// back, for a kind Cairo does not write (sampled, PostScript, an array of functions) or
    /// ends that are not RGB: the shading stays RGB, whole, and the verifier says so.
    private func convert(function: PDFObject, _ colours: DeviceColourMap, done: inout Set<Int>) -> Bool {
        if let number = document.objectNumber(function), done.contains(number) { return true }
        let exponentials: [PDFObject]
        switch document.key(function, "/FunctionType").flatMap(document.number) {
        case 2: exponentials = [function]
        case 3: exponentials = document.key(function, "/Functions").map(document.array) ?? []
        default: return false
        }
        // Check every part before changing any.
        var ends: [(function: PDFObject, key: String, rgb: [Double])] = []
        for part in exponentials {
            guard document.key(part, "/FunctionType").flatMap(document.number) == 2 else { return false }
            if let number = document.objectNumber(part), done.contains(number) { continue }
            for key in ["/C0", "/C1"] {
                // PDF's defaults for absent ends have one component: not RGB.
                guard let rgb = document.key(part, key).map(document.numbers), rgb.count == 3 else { return false }
                ends.append((part, key, rgb))
            }
        }
        guard !exponentials.isEmpty else { return false }
        for end in ends {
            let ink = colours.cmyk(red: end.rgb[0], green: end.rgb[1], blue: end.rgb[2])
            document.set(end.key, of: end.function, to: document.parse("[\(ink.map(Self.format).joined(separator: " "))]"))
        }
        for converted in [function] + exponentials {
            if let number = document.objectNumber(converted) { done.insert(number) }
        }
        return true
    }

    private func rewriteContent(_ stream: PDFObject, _ colours: DeviceColourMap) {
        guard let bytes = document.streamData(stream), let rewritten = Self.rewrite(bytes, colours) else { return }
        document.replaceData(of: stream, with: rewritten)
    }

    /// `r g b rg` becomes `c m y k k`, and `RG` becomes `K`; everything else is copied byte for
    /// byte. Nil when the stream sets no RGB colour.
    static func rewrite(_ bytes: [UInt8], _ colours: DeviceColourMap) -> [UInt8]? {
        var tokens = ContentTokenizer(bytes: bytes)
        var operands: [(token: ContentTokenizer.Token, start: Int)] = []
        var output: [UInt8] = []
        var copied = 0
        while let token = tokens.next() {
            guard case .operator(let op) = token else {
                operands.append((token, tokens.tokenStart))
                continue
            }
            defer { operands.removeAll(keepingCapacity: true) }
            guard op == "rg" || op == "RG", operands.count >= 3 else { continue }
            let last = operands.suffix(3)
            let rgb = last.compactMap { if case .number(let value) = $0.token { value } else { nil } }
            guard rgb.count == 3, let start = last.first?.start else { continue }
            let ink = colours.cmyk(red: rgb[0], green: rgb[1], blue: rgb[2])
            output += bytes[copied..<start]
            output += Array((ink.map(format).joined(separator: " ") + (op == "rg" ? " k" : " K")).utf8)
            copied = tokens.index
        }
        guard copied > 0 else { return nil }
        output += bytes[copied...]
        return output
    }

    private static func format(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
