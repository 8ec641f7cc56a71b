import CQPDF

/// The text of a PDF page as a reader would copy it: show-text operators in the content stream,
/// decoded through each font's ToUnicode map. Enough to find words that must not be there.
struct PDFText {
    let document: QPDFDocument

    func text(ofPage index: Int) -> String {
        let page = document.page(index)
        guard let resources = document.inheritedKey(page, "/Resources"), let contents = document.key(page, "/Contents") else { return "" }
        let streams = document.isStream(contents) ? [contents] : document.array(contents)
        var bytes: [UInt8] = []
        for stream in streams { bytes += (document.streamData(stream) ?? []) + [0x0A] }
        return decode(bytes, resources: resources, depth: 0)
    }

    private func decode(_ content: [UInt8], resources: qpdf_oh, depth: Int) -> String {
        var maps: [String: ToUnicode] = [:]
        if let fonts = document.key(resources, "/Font") {
            for name in document.keys(fonts) {
                guard let font = document.key(fonts, name), let map = document.key(font, "/ToUnicode"),
                      let data = document.streamData(map) else { continue }
                maps[name] = ToUnicode(String(decoding: data, as: UTF8.self))
            }
        }
        var output = ""
        var current: ToUnicode?
        var operands: [Token] = []
        for token in Tokenizer(bytes: content) {
            switch token {
            case .operator(let op):
                switch op {
                case "Tf": if case .name(let name)? = operands.first { current = maps[name] }
                case "Tj", "'", "\"": if case .string(let s)? = operands.last { output += current?.decode(s) ?? "" }
                case "TJ": for case .string(let s) in operands { output += current?.decode(s) ?? "" }
                case "ET", "T*", "Td", "TD": output += " "
                case "Do":
                    if depth < 4, case .name(let name)? = operands.last, let xobjects = document.key(resources, "/XObject"),
                       let form = document.key(xobjects, name), document.name(document.key(form, "/Subtype") ?? form) == "/Form",
                       let data = document.streamData(form) {
                        output += decode(data, resources: document.key(form, "/Resources") ?? resources, depth: depth + 1)
                    }
                default: break
                }
                operands = []
            default:
                operands.append(token)
            }
        }
        return output
    }

    enum Token {
        case name(String)
        case string([UInt8])
        case `operator`(String)
        case other
    }

    /// Just enough of the content-stream syntax: names, literal and hex strings, operators;
    /// array brackets are skipped so TJ's strings become operands.
    struct Tokenizer: Sequence, IteratorProtocol {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Token? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x5B, 0x5D: index += 1
                case 0x25: while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                case 0x2F:
                    let start = index
                    index += 1
                    while index < bytes.count, !Self.delimiter(bytes[index]) { index += 1 }
                    return .name(String(decoding: bytes[start..<index], as: UTF8.self))
                case 0x28: return .string(literal())
                case 0x3C:
                    if index + 1 < bytes.count, bytes[index + 1] == 0x3C { index += 2; return .other }
                    return .string(hex())
                case 0x3E: index += 1; return .other
                default:
                    let start = index
                    while index < bytes.count, !Self.delimiter(bytes[index]) { index += 1 }
                    if index == start { index += 1; return .other }
                    let word = String(decoding: bytes[start..<index], as: UTF8.self)
                    if let first = word.unicodeScalars.first, first.properties.isAlphabetic || word == "'" || word == "\"" {
                        return .operator(word)
                    }
                    return .other
                }
            }
            return nil
        }

        static func delimiter(_ byte: UInt8) -> Bool {
            [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25].contains(byte)
        }

        private mutating func literal() -> [UInt8] {
            var result: [UInt8] = []
            var nesting = 0
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x5C, index < bytes.count {
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case 0x6E: result.append(0x0A)
                    case 0x72: result.append(0x0D)
                    case 0x74: result.append(0x09)
                    case 0x30...0x37:
                        var value = Int(escaped - 0x30)
                        for _ in 0..<2 where index < bytes.count && (0x30...0x37).contains(bytes[index]) {
                            value = value * 8 + Int(bytes[index] - 0x30)
                            index += 1
                        }
                        result.append(UInt8(value & 0xFF))
                    default: result.append(escaped)
                    }
                } else if byte == 0x28 {
                    nesting += 1
                    result.append(byte)
                } else if byte == 0x29 {
                    if nesting == 0 { break }
                    nesting -= 1
                    result.append(byte)
                } else {
                    result.append(byte)
                }
            }
            return result
        }

        private mutating func hex() -> [UInt8] {
            index += 1
            var digits: [UInt8] = []
            while index < bytes.count, bytes[index] != 0x3E {
                if let value = Self.hexValue(bytes[index]) { digits.append(value) }
                index += 1
            }
            index += 1
            if digits.count % 2 == 1 { digits.append(0) }
            return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x37
            case 0x61...0x66: byte - 0x57
            default: nil
            }
        }
    }

    /// A ToUnicode CMap: codes of a fixed byte length to text.
    struct ToUnicode {
        var codeLength = 1
        var map: [Int: String] = [:]

        init(_ cmap: String) {
            if let range = cmap.range(of: "begincodespacerange"), let first = cmap[range.upperBound...].firstIndex(of: "<"),
               let close = cmap[first...].firstIndex(of: ">") {
                codeLength = max(1, cmap.distance(from: first, to: close) / 2)
            }
            var words = cmap.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).map(String.init)[...]
            while let word = words.popFirst() {
                if word.hasSuffix("beginbfchar") {
                    while let source = words.popFirst(), source != "endbfchar", let target = words.popFirst() {
                        if let code = Self.code(source) { map[code] = Self.text(target) }
                    }
                } else if word.hasSuffix("beginbfrange") {
                    while let low = words.popFirst(), low != "endbfrange", let high = words.popFirst(), let target = words.popFirst() {
                        guard let from = Self.code(low), let to = Self.code(high), to >= from, to - from < 65536 else { continue }
                        if target.hasPrefix("[") { continue }
                        let base = Array(Self.text(target).unicodeScalars)
                        guard let last = base.last else { continue }
                        for code in from...to {
                            let scalar = Unicode.Scalar(last.value + UInt32(code - from)) ?? last
                            map[code] = String(String.UnicodeScalarView(base.dropLast() + [scalar]))
                        }
                    }
                }
            }
        }

        func decode(_ bytes: [UInt8]) -> String {
            var output = ""
            var index = 0
            while index + codeLength <= bytes.count {
                var code = 0
                for byte in bytes[index..<(index + codeLength)] { code = code << 8 | Int(byte) }
                output += map[code] ?? ""
                index += codeLength
            }
            return output
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
