import Diagnostics
import Foundation

/// Total ink (C + M + Y + K, in percent) against the press's limit, wherever a CMYK file sets
/// colour: the content's `k`/`K` and four-operand `sc`/`scn`, CMYK shadings' end colours and
/// every CMYK image's pixels (decoded with libjpeg), judged as a preflight does over an area
/// (`InkCoverage`: the highest average over any square millimetre, the window taken as if the
/// photo spanned its page's width). One finding per page — or per object where no page is
/// known — with the highest coverage found (`ink-limit-exceeded`).
struct InkCoverageCheck {
    let document: QPDFDocument
    let sites: ColourSites
    let limitPercent: Double
    let severity: Diagnostic.Severity

    func check() -> [Diagnostic] {
        var worst: [Int?: (percent: Double, what: String, object: Int?)] = [:]
        func note(_ percent: Double, _ what: String, page: Int?, object: Int?) {
            guard percent > limitPercent + 0.05, percent > (worst[page]?.percent ?? 0) else { return }
            worst[page] = (percent, what, object)
        }
        for (stream, page) in sites.contentStreams {
            guard let bytes = document.streamData(stream), let highest = Self.highestContentInk(bytes) else { continue }
            note(highest, "a colour in the page's content", page: page, object: document.objectNumber(stream))
        }
        for (shading, number) in sites.shadings where document.key(shading, "/ColorSpace").flatMap(document.name) == "/DeviceCMYK" {
            if let highest = functionInk(document.key(shading, "/Function")) { note(highest, "a gradient", page: nil, object: number) }
        }
        let pages = imagePages()
        for (image, number) in sites.images where document.key(image, "/ColorSpace").flatMap(document.name) == "/DeviceCMYK" {
            let page = pages[number]
            if let highest = imageInk(image, placedWidthMM: pageWidthMM(page ?? 1)) {
                note(highest, "a photo (object \(number)), over any square millimetre,", page: page, object: number)
            }
        }
        return worst.sorted { ($0.key ?? .max) < ($1.key ?? .max) }.map { page, found in
            Diagnostic(severity, .inkLimitExceeded,
                       String(format: "%@ carries %.0f %% total ink; the press allows %.0f %%", found.what, found.percent, limitPercent),
                       page: page, object: found.object)
        }
    }

    /// The highest C + M + Y + K a content stream sets, in percent, if it sets any CMYK colour.
    static func highestContentInk(_ bytes: [UInt8]) -> Double? {
        var operands: [Double] = []
        var highest: Double?
        for token in ContentTokenizer(bytes: bytes) {
            switch token {
            case .number(let value):
                operands.append(value)
            case .operator(let op):
                if ["k", "K", "sc", "SC", "scn", "SCN"].contains(op), operands.count == 4 {
                    highest = max(highest ?? 0, operands.reduce(0, +) * 100)
                }
                operands.removeAll(keepingCapacity: true)
            default:
                operands.removeAll(keepingCapacity: true)
            }
        }
        return highest
    }

    /// Type 2 functions' end colours, through Type 3 stitching; sampled functions are left to
    /// the press's own preflight.
    private func functionInk(_ function: PDFObject?, depth: Int = 0) -> Double? {
        guard let function, depth < 8 else { return nil }
        let parts = document.array(function)
        if !parts.isEmpty { return parts.compactMap { functionInk($0, depth: depth + 1) }.max() }
        switch document.key(function, "/FunctionType").flatMap(document.number) {
        case 2:
            let ends = ["/C0", "/C1"].compactMap { document.key(function, $0).map(document.numbers) }.filter { $0.count == 4 }
            return ends.map { $0.reduce(0, +) * 100 }.max()
        case 3:
            return (document.key(function, "/Functions").map(document.array) ?? []).compactMap { functionInk($0, depth: depth + 1) }.max()
        default:
            return nil
        }
    }

    /// The page's MediaBox width in millimetres (A5's when it has none).
    private func pageWidthMM(_ page: Int) -> Double {
        guard page >= 1, page <= document.pageCount,
              let box = document.inheritedKey(document.page(page - 1), "/MediaBox").map(document.numbers), box.count == 4 else { return 148 }
        return (box[2] - box[0]) / 72 * 25.4
    }

    private func imageInk(_ image: PDFObject, placedWidthMM: Double) -> Double? {
        guard document.key(image, "/Filter").flatMap(document.name) == "/DCTDecode", let raw = document.streamData(image, raw: true) else {
            return nil
        }
        return InkCoverage.highestPercent(ofJPEG: Data(raw), placedWidthMM: placedWidthMM)
    }

    /// The first page each image is drawn on, through form XObjects.
    private func imagePages() -> [Int: Int] {
        var pages: [Int: Int] = [:]
        func walk(_ resources: PDFObject, page: Int, depth: Int) {
            guard depth < 8, let xobjects = document.key(resources, "/XObject") else { return }
            for name in document.keys(xobjects) {
                guard let object = document.key(xobjects, name) else { continue }
                let subtype = document.key(object, "/Subtype").flatMap(document.name)
                if subtype == "/Image", let number = document.objectNumber(object), pages[number] == nil { pages[number] = page }
                if subtype == "/Form", let inner = document.key(object, "/Resources") { walk(inner, page: page, depth: depth + 1) }
            }
        }
        for index in 0..<document.pageCount {
            if let resources = document.inheritedKey(document.page(index), "/Resources") { walk(resources, page: index + 1, depth: 0) }
        }
        return pages
    }
}
