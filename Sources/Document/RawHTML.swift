import Foundation

/// What becomes of HTML written in entry text. Diary apps do not write HTML, so most `<…>` in an
/// entry is the writer's own text (`I <wrap> text`, `What <about this>?`) and is printed as it
/// stands. Only the tags of real HTML elements are markup: `<br>` breaks the line, comments
/// vanish, and any other element's tags are left out while the words between them stay. The
/// tags GitHub's tag filter disarms (`<script>`, `<title>`, `<textarea>`…) are shown as text,
/// as GitHub shows them.
public enum RawHTML {
    public enum Piece: Equatable {
        /// A `<br>`: a line break.
        case lineBreak
        /// A tag or comment with nothing to print.
        case markup
        /// Text that only looks like a tag: printed as written.
        case text(String)
    }

    /// Reads one raw inline HTML node's literal (a tag or a comment, as cmark gives it).
    public static func piece(_ literal: String) -> Piece {
        if literal.hasPrefix("<!--") || literal.hasPrefix("<?") || literal.hasPrefix("<!") { return .markup }
        guard let name = tagName(literal) else { return .text(literal) }
        if name == "br" { return .lineBreak }
        return elements.contains(name) && !filtered.contains(name) ? .markup : .text(literal)
    }

    /// The text of an HTML block: real tags and comments taken out (`<br>` and block tags
    /// becoming line breaks), anything else kept as written, character references decoded.
    public static func text(ofBlock literal: String) -> String {
        var output = ""
        var rest = Substring(literal)
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let tail = rest[open...]
            if tail.hasPrefix("<!--") {
                guard let end = tail.range(of: "-->") else { rest = ""; break }
                rest = tail[end.upperBound...]
                continue
            }
            guard let close = tail.firstIndex(of: ">") else {
                output += tail
                rest = ""
                break
            }
            let tag = String(tail[...close])
            switch piece(tag) {
            case .lineBreak: output += "\n"
            case .markup: if let name = tagName(tag), blockElements.contains(name) { output += "\n" }
            case .text(let text): output += text
            }
            rest = tail[tail.index(after: close)...]
        }
        output += rest
        return decodeReferences(output)
    }

    /// `<span class=x>` → `span`, `</B>` → `b`; nil when it does not have a tag's shape.
    public static func tagName(_ literal: String) -> String? {
        var scalars = Substring(literal).unicodeScalars.dropFirst()
        guard literal.hasPrefix("<"), literal.hasSuffix(">") else { return nil }
        if scalars.first == "/" { scalars = scalars.dropFirst() }
        let name = scalars.prefix { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        guard let first = name.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        return String(String.UnicodeScalarView(name)).lowercased()
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, `&#N;` and `&#xH;`.
    public static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let tail = rest[amp...]
            guard let semi = tail.prefix(12).firstIndex(of: ";") else {
                output += "&"
                rest = tail.dropFirst()
                continue
            }
            let name = tail[tail.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            var decoded = named[name]
            if decoded == nil, name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                decoded = value.flatMap(Unicode.Scalar.init).map { String($0) }
            }
            if let decoded {
                output += decoded
                rest = tail[tail.index(after: semi)...]
            } else {
                output += "&"
                rest = tail.dropFirst()
            }
        }
        return output + rest
    }

    /// HTML's elements (WHATWG, with the obsolete ones apps still write): only their tags are
    /// markup. The importers take the same list.
    public static let elements: Set<String> = blockElements.union([
        "a", "abbr", "b", "bdi", "bdo", "big", "br", "cite", "code", "data", "del", "dfn", "em", "font", "i", "img", "ins", "kbd",
        "label", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u",
        "var", "wbr", "audio", "video", "source", "track", "picture", "iframe", "embed", "object", "param", "input", "button",
        "select", "option", "textarea", "meta", "link", "style", "script", "html", "head", "body", "title", "center",
    ])

    /// GFM's tag filter: tags a browser would act on, which GitHub escapes and so shows as text.
    public static let filtered: Set<String> = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script",
                                               "plaintext"]

    /// Elements whose tags end a line where they stand.
    public static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "dialog", "dd", "div", "dl", "dt", "fieldset", "figcaption",
        "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p",
        "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    ]
}
