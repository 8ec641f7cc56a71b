/// The text of XML-family markup as a reader of it sees it, in two forms: with the tags left in
/// (so attribute values such as `alt` count) and without them (so `<em>` inside a sentence
/// cannot hide it). Character references are decoded in both. One pass over the bytes.
enum MarkupText {
    static func forms(_ markup: [UInt8]) -> (withTags: String, text: String) {
        var withTags: [UInt8] = []
        var text: [UInt8] = []
        withTags.reserveCapacity(markup.count)
        text.reserveCapacity(markup.count)
        var inTag = false
        var index = 0
        while index < markup.count {
            let byte = markup[index]
            if byte == UInt8(ascii: "&"), let (decoded, length) = reference(markup, at: index) {
                withTags += decoded
                if !inTag { text += decoded }
                index += length
                continue
            }
            if byte == UInt8(ascii: "<") { inTag = true }
            withTags.append(byte)
            if !inTag { text.append(byte) }
            if byte == UInt8(ascii: ">") { inTag = false }
            index += 1
        }
        return (String(decoding: withTags, as: UTF8.self), String(decoding: text, as: UTF8.self))
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xH;` as UTF-8, with their length.
    private static func reference(_ bytes: [UInt8], at start: Int) -> ([UInt8], Int)? {
        var end = start + 1
        while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { return nil }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        let scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
        }
        guard let scalar else { return nil }
        return (Array(String(scalar).utf8), end - start + 1)
    }
}
