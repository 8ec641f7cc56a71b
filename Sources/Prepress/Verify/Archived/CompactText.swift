import Foundation

/// The form in which archived text is compared: NFC, soft hyphens and all whitespace removed,
/// as UTF-8. A line break, a hyphenation point or a different composition of "é" cannot hide
/// a phrase; the same form is made of the phrases and of what is searched.
public enum CompactText {
    public static func bytes(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        append(text, to: &output)
        return output
    }

    /// UTF-8 bytes: ASCII is compacted byte by byte, anything else through a String for NFC.
    public static func append(utf8 text: [UInt8], to output: inout [UInt8]) {
        guard text.allSatisfy({ $0 < 0x80 }) else {
            append(String(decoding: text, as: UTF8.self), to: &output)
            return
        }
        output.reserveCapacity(output.count + text.count)
        for byte in text where !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { output.append(byte) }
    }

    public static func append(_ text: String, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + text.utf8.count)
        // ASCII needs no normalising; most diaries are mostly ASCII.
        let composed = text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
        for scalar in composed.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { continue }
                output.append(byte)
            } else if scalar.value == 0xAD || scalar.properties.isWhitespace {
                continue
            } else {
                UTF8.encode(scalar, into: { output.append($0) })
            }
        }
    }
}
