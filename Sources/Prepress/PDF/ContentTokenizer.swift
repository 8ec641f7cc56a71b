import Foundation

/// Just enough of PDF's content-stream syntax for Folio's readers and rewriters: names,
/// literal and hex strings, numbers, operators, each with its byte offset; array brackets are
/// skipped (so TJ's strings become operands) and inline image data is stepped over.
struct ContentTokenizer: Sequence, IteratorProtocol {
    enum Token: Equatable {
        case name(String)
        case string([UInt8])
        case number(Double)
        case `operator`(String)
        case other
    }

    let bytes: [UInt8]
    /// Where the next token is looked for.
    private(set) var index = 0
    /// Where the token last returned begins (its end is `index`).
    private(set) var tokenStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        guard let token = scan() else { return nil }
        if token == .operator("ID") { skipInlineImageData() }
        return token
    }

    /// Inline image data is binary: it runs from one byte after `ID` to whitespace, `EI` and a
    /// delimiter, and must not be read as tokens.
    private mutating func skipInlineImageData() {
        var position = index + 1
        while position + 2 <= bytes.count {
            if Self.isWhitespace(bytes[position - 1]), bytes[position] == 0x45, bytes[position + 1] == 0x49,
               position + 2 == bytes.count || Self.delimiter(bytes[position + 2]) {
                index = position
                return
            }
            position += 1
        }
        index = bytes.count
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { whitespace[Int(byte)] }

    /// Byte classes as tables: these are asked once or twice for every byte of every page.
    private static let whitespace: [Bool] = (0...255).map { [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains($0) }
    private static let delimiters: [Bool] = (0...255).map {
        [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25].contains($0)
    }

    private mutating func scan() -> Token? {
        while index < bytes.count {
            let byte = bytes[index]
            tokenStart = index
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
                // Most tokens of a page are numbers (positions, TJ's kerning): read without a String.
                if let number = Self.number(bytes[start..<index]) { return .number(number) }
                let first = bytes[start]
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) || first == 0x27 || first == 0x22 {
                    return .operator(word)
                }
                if let number = Double(word) { return .number(number) }
                return .other
            }
        }
        return nil
    }

    static func delimiter(_ byte: UInt8) -> Bool { delimiters[Int(byte)] }

    /// A PDF number (optional sign, digits, at most one point) of up to 15 digits, else nil.
    /// Mantissa and power of ten are both exact as Doubles, and IEEE division rounds correctly,
    /// so the value is the one strtod gives, without a String or a call per number.
    private static func number(_ word: ArraySlice<UInt8>) -> Double? {
        var digits = word[...]
        var negative = false
        if let sign = digits.first, sign == 0x2D || sign == 0x2B {
            negative = sign == 0x2D
            digits = digits.dropFirst()
        }
        var mantissa = 0
        var count = 0
        var fraction: Int?
        for byte in digits {
            if byte == 0x2E {
                guard fraction == nil else { return nil }
                fraction = 0
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            mantissa = mantissa * 10 + Int(byte - 0x30)
            count += 1
            if let places = fraction { fraction = places + 1 }
            if count > 15 { return nil }
        }
        guard count > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fraction ?? 0]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

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
