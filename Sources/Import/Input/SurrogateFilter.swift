import Diagnostics
import Document
import Foundation

/// Removes `\uD800`–`\uDFFF` escapes that do not form a surrogate pair. Exports from
/// JavaScript apps can carry such halves of a character (a string cut in the middle of an
/// emoji); they cannot be represented in Swift strings or XML, so they are dropped, as the
/// EPUB and PDF would drop them anyway, rather than failing the whole journal.
public enum SurrogateFilter {
    public static func clean(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.contains(UInt8(ascii: "\\")) else { return data }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        func hex(at position: Int) -> Int? {
            guard position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                  let value = Int(String(decoding: bytes[(position + 2)..<(position + 6)], as: UTF8.self), radix: 16) else { return nil }
            return value
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(bytes[index])
                index += 1
                continue
            }
            if let value = hex(at: index), (0xD800...0xDFFF).contains(value) {
                if value <= 0xDBFF, let low = hex(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    output.append(contentsOf: bytes[index..<(index + 12)])
                    index += 12
                } else {
                    index += 6
                }
                continue
            }
            // Any other escape, including an escaped backslash, is copied whole.
            output.append(contentsOf: bytes[index..<(index + 2)])
            index += 2
        }
        return Data(output)
    }
}
