
/// The text of a PDF page as a reader would copy it: show-text operators in the content stream,
/// decoded through each font's ToUnicode map. Enough to find words that must not be there.
/// Each font's map is parsed once per document, however many pages use it.
final class PDFText {
    let document: QPDFDocument
    private var parsedMaps: [Int: ToUnicode] = [:]

    init(document: QPDFDocument) {
        self.document = document
    }

    private func toUnicode(of font: PDFObject) -> ToUnicode? {
        guard let stream = document.key(font, "/ToUnicode") else { return nil }
        let id = document.objectNumber(stream)
        if let id, let known = parsedMaps[id] { return known }
        guard let data = document.streamData(stream) else { return nil }
        let map = ToUnicode(String(decoding: data, as: UTF8.self))
        if let id { parsedMaps[id] = map }
        return map
    }

    /// One page's text, and where in it each marked-content sequence of the structure tree stands.
    struct Page {
        /// UTF-8: built as bytes, since a book's pages add up to megabytes of small pieces.
        var bytes: [UInt8] = []
        /// The bytes drawn inside each MCID's sequence.
        var marked: [Int: Range<Int>] = [:]
    }

    func text(ofPage index: Int) -> Page {
        let page = document.page(index)
        var result = Page()
        guard let resources = document.inheritedKey(page, "/Resources"), let contents = document.key(page, "/Contents") else { return result }
        let streams = document.isStream(contents) ? [contents] : document.array(contents)
        var bytes: [UInt8] = []
        for stream in streams { bytes += (document.streamData(stream) ?? []) + [0x0A] }
        decode(bytes, resources: resources, depth: 0, into: &result)
        return result
    }

    private func decode(_ content: [UInt8], resources: PDFObject, depth: Int, into page: inout Page) {
        var maps: [String: ToUnicode] = [:]
        if let fonts = document.key(resources, "/Font") {
            for name in document.keys(fonts) {
                if let font = document.key(fonts, name), let map = toUnicode(of: font) { maps[name] = map }
            }
        }
        var current: ToUnicode?
        var operands: [ContentTokenizer.Token] = []
        // Marked content open here, each saying whether it carries an ActualText (the text of
        // its glyphs then, a Thai vowel, a Devanagari cluster, an emoji's variation selector,
        // which Cairo writes so, stands for them, and the glyphs' own ToUnicode is not read) and
        // the structure tree's MCID with where its text began.
        var marked: [(actual: Bool, mcid: (id: Int, start: Int)?)] = []
        var replaced = 0
        for token in ContentTokenizer(bytes: content) {
            switch token {
            case .operator(let op):
                switch op {
                case "Tf": if case .name(let name)? = operands.first { current = maps[name] }
                case "Tj", "'", "\"": if replaced == 0, case .string(let s)? = operands.last { current?.decode(s, into: &page.bytes) }
                case "TJ": if replaced == 0 { for case .string(let s) in operands { current?.decode(s, into: &page.bytes) } }
                case "BMC": marked.append((false, nil))
                case "BDC":
                    let pairs = zip(operands, operands.dropFirst())
                    let actual = pairs.first { $0.0 == .name("/ActualText") }.flatMap { pair -> [UInt8]? in
                        if case .string(let s) = pair.1 { return s } else { return nil }
                    }
                    let mcid = pairs.first { $0.0 == .name("/MCID") }.flatMap { pair -> Int? in
                        if case .number(let n) = pair.1 { return Int(n) } else { return nil }
                    }
                    // A form's own MCIDs would be the form's, not the page's: only the page's are kept.
                    marked.append((actual != nil, depth == 0 ? mcid.map { ($0, page.bytes.count) } : nil))
                    if let actual {
                        page.bytes += Array(RightToLeftClusters.written(Self.textString(actual)).utf8)
                        replaced += 1
                    }
                case "EMC":
                    if let closed = marked.popLast() {
                        if closed.actual { replaced -= 1 }
                        if let mcid = closed.mcid { page.marked[mcid.id] = mcid.start..<page.bytes.count }
                    }
                case "ET", "T*", "Td", "TD": page.bytes.append(0x20)
                case "Do":
                    if depth < 4, case .name(let name)? = operands.last, let xobjects = document.key(resources, "/XObject"),
                       let form = document.key(xobjects, name), document.name(document.key(form, "/Subtype") ?? form) == "/Form",
                       let data = document.streamData(form) {
                        decode(data, resources: document.key(form, "/Resources") ?? resources, depth: depth + 1, into: &page)
                    }
                default: break
                }
                operands = []
            default:
                operands.append(token)
            }
        }
    }

    /// A PDF text string: UTF-16BE after its byte order mark, else (near enough for the
    /// letters and digits compared) Latin-1.
    static func textString(_ bytes: [UInt8]) -> String {
        guard bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF else { return String(decoding: bytes.map { UInt16($0) }, as: UTF16.self) }
        var units: [UInt16] = []
        var index = 2
        while index + 1 < bytes.count {
            units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// A ToUnicode CMap: codes of a fixed byte length to text.
    struct ToUnicode {
        var codeLength = 1
        /// Each code's text as UTF-8.
        var map: [Int: [UInt8]] = [:]

        init(_ cmap: String) {
            if let range = cmap.range(of: "begincodespacerange"), let first = cmap[range.upperBound...].firstIndex(of: "<"),
               let close = cmap[first...].firstIndex(of: ">") {
                codeLength = max(1, cmap.distance(from: first, to: close) / 2)
            }
            var words = cmap.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).map(String.init)[...]
            while let word = words.popFirst() {
                if word.hasSuffix("beginbfchar") {
                    while let source = words.popFirst(), source != "endbfchar", let target = words.popFirst() {
                        if let code = Self.code(source) { map[code] = Array(RightToLeftClusters.written(Self.text(target)).utf8) }
                    }
                } else if word.hasSuffix("beginbfrange") {
                    while let low = words.popFirst(), low != "endbfrange", let high = words.popFirst(), let target = words.popFirst() {
                        guard let from = Self.code(low), let to = Self.code(high), to >= from, to - from < 65536 else { continue }
                        if target.hasPrefix("[") { continue }
                        let base = Array(Self.text(target).unicodeScalars)
                        guard let last = base.last else { continue }
                        for code in from...to {
                            let scalar = Unicode.Scalar(last.value + UInt32(code - from)) ?? last
                            map[code] = Array(RightToLeftClusters.written(String(String.UnicodeScalarView(base.dropLast() + [scalar]))).utf8)
                        }
                    }
                }
            }
        }

        func decode(_ bytes: [UInt8], into output: inout [UInt8]) {
            var index = 0
            while index + codeLength <= bytes.count {
                var code = 0
                for byte in bytes[index..<(index + codeLength)] { code = code << 8 | Int(byte) }
                if let text = map[code] { output += text }
                index += codeLength
            }
        }

        static func code(_ token: String) -> Int? {
            guard token.hasPrefix("<"), token.hasSuffix(">") else { return nil }
            return Int(token.dropFirst().dropLast(), radix: 16)
        }

        /// UTF-16BE hex as text.
        static func text(_ token: String) -> String {
            let hex = Array(token.dropFirst().dropLast().utf8)
            var units: [UInt16] = []
            var index = 0
            while index + 4 <= hex.count {
                units.append(UInt16(String(decoding: hex[index..<(index + 4)], as: UTF8.self), radix: 16) ?? 0xFFFD)
                index += 4
            }
            return String(decoding: units, as: UTF16.self)
        }
    }
}
