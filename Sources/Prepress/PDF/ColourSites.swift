
/// Everywhere a PDF sets colour, found one way for both the CMYK rewrite and the verifier, so
/// that what one converts the other checks: content streams (pages, forms, tiling patterns,
/// Type 3 glyphs), shadings (as objects, inside shading patterns, or written straight into a
/// resource dictionary), transparency groups, named colour spaces and images.
struct ColourSites {
    var contentStreams: [(stream: PDFObject, page: Int?)] = []
    var shadings: [(shading: PDFObject, object: Int?)] = []
    var groups: [(group: PDFObject, object: Int?)] = []
    /// The colour spaces resource dictionaries name for `cs`/`CS`.
    var namedSpaces: [(space: PDFObject, object: Int?)] = []
    var images: [(image: PDFObject, object: Int)] = []

    init(_ document: QPDFDocument) {
        for index in 0..<document.pageCount {
            guard let contents = document.key(document.page(index), "/Contents") else { continue }
            for stream in document.isStream(contents) ? [contents] : document.array(contents) {
                contentStreams.append((stream, index + 1))
            }
        }
        for (number, object) in document.objects() {
            let subtype = document.key(object, "/Subtype").flatMap(document.name)
            if subtype == "/Image" { images.append((object, number)) }
            if document.isStream(object), subtype == "/Form" || document.key(object, "/PatternType").flatMap(document.number) == 1 {
                contentStreams.append((object, nil))
            }
            if subtype == "/Type3", let procedures = document.key(object, "/CharProcs") {
                for name in document.keys(procedures) {
                    if let glyph = document.key(procedures, name) { contentStreams.append((glyph, nil)) }
                }
            }
            if let group = document.key(object, "/Group") { groups.append((group, number)) }
            if document.key(object, "/ShadingType") != nil { shadings.append((object, number)) }
            shadings += nestedShadings(in: object, document).map { ($0, number) }
            if let resources = document.key(object, "/Resources"), let table = document.key(resources, "/ColorSpace") {
                namedSpaces += document.keys(table).compactMap { document.key(table, $0) }.map { ($0, number) }
            }
        }
    }

    /// For a CMYK JPEG image, whether it stores inverted values (Adobe's marker), which only
    /// `/Decode [1 0 1 0 1 0 1 0]` shows the right way round; nil for any other image.
    static func cmykJPEGIsInverted(_ image: PDFObject, _ document: QPDFDocument) -> Bool? {
        guard document.key(image, "/Filter").flatMap(document.name) == "/DCTDecode",
              document.key(image, "/ColorSpace").flatMap(document.name) == "/DeviceCMYK",
              let raw = document.streamData(image, raw: true) else { return nil }
        return AdobeMarker.isPresent(in: raw)
    }

    /// Shadings that are not objects of their own (those are found as objects).
    private func nestedShadings(in object: PDFObject, _ document: QPDFDocument) -> [PDFObject] {
        func direct(_ handle: PDFObject?) -> PDFObject? {
            guard let handle, document.objectNumber(handle) == nil, document.isDictionary(handle) else { return nil }
            return handle
        }
        var found: [PDFObject] = []
        var patterns: [PDFObject] = [object]
        if let resources = direct(document.key(object, "/Resources")) {
            if let table = document.key(resources, "/Shading") {
                found += document.keys(table).compactMap { direct(document.key(table, $0)) }
            }
            if let table = document.key(resources, "/Pattern") {
                patterns += document.keys(table).compactMap { direct(document.key(table, $0)) }
            }
        }
        for pattern in patterns where document.key(pattern, "/PatternType").flatMap(document.number) == 2 {
            if let shading = direct(document.key(pattern, "/Shading")) { found.append(shading) }
        }
        return found
    }
}
