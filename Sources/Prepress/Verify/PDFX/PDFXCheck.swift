import Diagnostics
import Foundation

/// The rules of a PDF/X standard, each finding with its own code: the file's identification
/// (`PDFXIdentificationCheck`: `pdfx-version`, `pdfx-trapped`, `pdfx-info`, `pdfx-xmp`), one GTS_PDFX
/// output intent (`pdfx-output-intent`), one TrimBox inside the BleedBox inside the MediaBox
/// (`pdfx-boxes`), nothing a press cannot run (`pdfx-forbidden`), transparency where the
/// standard has none (`pdfx-transparency`), and colour the standard allows (`pdfx-colour`).
struct PDFXCheck {
    let document: QPDFDocument
    let standard: PDFXStandard
    /// The file's first bytes, for its header.
    let header: Data

    func check() -> [Diagnostic] {
        var findings = PDFXIdentificationCheck(document: document, rules: .of(standard), header: header).check()
        findings += outputIntent()
        findings += boxes()
        findings += objects()
        return findings
    }

    private func outputIntent() -> [Diagnostic] {
        let intents = document.key(document.root, "/OutputIntents").map(document.array) ?? []
        let pdfx = intents.filter { document.key($0, "/S").flatMap(document.name) == "/GTS_PDFX" }
        guard pdfx.count == 1, let intent = pdfx.first else {
            return [Diagnostic(.error, .pdfxOutputIntent, "\(pdfx.count) /GTS_PDFX output intents; PDF/X needs exactly one")]
        }
        var findings: [Diagnostic] = []
        if (document.key(intent, "/OutputConditionIdentifier").flatMap(document.text) ?? "").isEmpty {
            findings.append(Diagnostic(.error, .pdfxOutputIntent, "the output intent has no /OutputConditionIdentifier"))
        }
        let components = document.key(intent, "/DestOutputProfile").flatMap { document.key($0, "/N") }.flatMap(document.number).map(Int.init)
        if components == nil {
            findings.append(Diagnostic(.error, .pdfxOutputIntent, "the output intent embeds no output profile"))
        } else if standard.needsCMYKIntent, components != 4 {
            findings.append(Diagnostic(.error, .pdfxOutputIntent, "PDF/\(standard.rawValue) needs a CMYK output profile; this one has \(components ?? 0) components"))
        }
        return findings
    }

    private func boxes() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for index in 0..<document.pageCount {
            let page = document.page(index)
            let trim = document.inheritedKey(page, "/TrimBox").map(document.numbers)
            let art = document.inheritedKey(page, "/ArtBox").map(document.numbers)
            guard (trim == nil) != (art == nil), let inner = trim ?? art, inner.count == 4 else {
                findings.append(Diagnostic(.error, .pdfxBoxes, "a page needs exactly one of TrimBox and ArtBox", page: index + 1))
                continue
            }
            let media = document.inheritedKey(page, "/MediaBox").map(document.numbers) ?? []
            let bleed = document.inheritedKey(page, "/BleedBox").map(document.numbers) ?? media
            if media.count != 4 || bleed.count != 4 || !contains(media, bleed) || !contains(bleed, inner) {
                findings.append(Diagnostic(.error, .pdfxBoxes, "MediaBox ⊇ BleedBox ⊇ TrimBox does not hold", page: index + 1))
            }
        }
        return findings
    }

    private func contains(_ outer: [Double], _ inner: [Double]) -> Bool {
        let tolerance = 0.01
        return min(outer[0], outer[2]) <= min(inner[0], inner[2]) + tolerance && min(outer[1], outer[3]) <= min(inner[1], inner[3]) + tolerance
            && max(outer[0], outer[2]) >= max(inner[0], inner[2]) - tolerance && max(outer[1], outer[3]) >= max(inner[1], inner[3]) - tolerance
    }

    /// Every object once: encryption, scripts and embedded files; transparency; colour spaces.
    private func objects() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if document.key(document.trailer, "/Encrypt") != nil {
            findings.append(Diagnostic(.error, .pdfxForbidden, "the file is encrypted"))
        }
        if let names = document.key(document.root, "/Names") {
            for key in ["/JavaScript", "/EmbeddedFiles"] where document.key(names, key) != nil {
                findings.append(Diagnostic(.error, .pdfxForbidden, "the catalog's names hold \(key)"))
            }
        }
        let deviceSpaces: Set<String> = standard.needsCMYKIntent ? ["/DeviceCMYK", "/DeviceGray"] : ["/DeviceCMYK", "/DeviceGray", "/DeviceRGB"]
        for (number, top) in document.objects() {
            for object in document.directDictionaries(in: top) {
                findings += rules(object, number: number, deviceSpaces: deviceSpaces)
            }
        }
        return findings
    }

    /// Actions, transparency and colour spaces of one dictionary of object `number`.
    private func rules(_ object: PDFObject, number: Int, deviceSpaces: Set<String>) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        if let action = document.key(object, "/S").flatMap(document.name), ["/JavaScript", "/Launch"].contains(action) {
            findings.append(Diagnostic(.error, .pdfxForbidden, "a \(action) action", object: number))
        }
        if !standard.allowsTransparency, let reason = transparency(object) {
            findings.append(Diagnostic(.error, .pdfxTransparency, "\(reason): PDF/\(standard.rawValue) allows no transparency", object: number))
        }
        for space in colourSpaces(in: object) {
            if let problem = colourProblem(space, deviceSpaces: deviceSpaces) {
                findings.append(Diagnostic(.error, .pdfxColour, problem, object: number))
            }
        }
        return findings
    }

    private func transparency(_ object: PDFObject) -> String? {
        if let mask = document.key(object, "/SMask"), document.name(mask) != "/None" { return "a soft mask" }
        for key in ["/ca", "/CA"] {
            if let alpha = document.key(object, key).flatMap(document.number), alpha < 1 { return "constant alpha \(alpha)" }
        }
        if let mode = document.key(object, "/BM").flatMap(document.name), !["/Normal", "/Compatible"].contains(mode) {
            return "blend mode \(mode)"
        }
        if let group = document.key(object, "/Group"), document.key(group, "/S").flatMap(document.name) == "/Transparency" {
            return "a transparency group"
        }
        return nil
    }

    /// The colour spaces an object names: an image's, a transparency group's /CS, a shading's,
    /// a resource dictionary's /ColorSpace entries.
    private func colourSpaces(in object: PDFObject) -> [PDFObject] {
        var spaces: [PDFObject] = []
        if let space = document.key(object, "/ColorSpace") {
            if document.isDictionary(space) { spaces += document.keys(space).compactMap { document.key(space, $0) } } else { spaces.append(space) }
        }
        if let group = document.key(object, "/Group"), let space = document.key(group, "/CS") { spaces.append(space) }
        return spaces
    }

    private func colourProblem(_ space: PDFObject, deviceSpaces: Set<String>) -> String? {
        if let name = document.name(space) {
            if name.hasPrefix("/Device") && !deviceSpaces.contains(name) { return "\(name) under a CMYK output intent" }
            return nil
        }
        let parts = document.array(space)
        guard let kind = parts.first.flatMap(document.name) else { return nil }
        switch kind {
        case "/ICCBased", "/CalRGB", "/CalGray", "/Lab":
            if !standard.allowsICCColour { return "\(kind) colour: PDF/X-1a allows device colour only" }
            if standard.needsCMYKIntent, kind == "/ICCBased", document.colourComponents(space) == 3 { return "RGB ICC colour under a CMYK output intent" }
            return nil
        case "/Indexed":
            return parts.count > 1 ? colourProblem(parts[1], deviceSpaces: deviceSpaces) : nil
        default:
            return nil
        }
    }
}
