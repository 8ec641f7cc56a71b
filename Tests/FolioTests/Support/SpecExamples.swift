import Foundation
import FolioTestSupport

/// The examples of a CommonMark-style spec file: each a Markdown text and the HTML its
/// reference parser makes of it (`→` in the file is a tab).
struct SpecExample {
    var number: Int
    /// An entry id naming the file and the example ("spec-12", "extensions-3").
    var id: String
    /// The extension the example is written for ("table", "autolink"…), or "" for CommonMark.
    var extensionName: String
    var markdown: String
    var html: String

    /// Every example of `Tests/Fixtures/MarkdownSpecs/NAME`, disabled ones left out.
    static func load(_ name: String) throws -> [SpecExample] {
        let file = repositoryRoot.appendingPathComponent("Tests/Fixtures/MarkdownSpecs/\(name)")
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var part: Int?
        var markdown: [Substring] = []
        var html: [Substring] = []
        var extensionName = ""
        var number = 0
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if part == nil, line.hasPrefix(fence + " example") {
                extensionName = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                part = 0
                markdown = []
                html = []
            } else if part != nil, line == fence {
                number += 1
                if extensionName != "disabled" {
                    let tabs = { (lines: [Substring]) in lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t") }
                    let id = "\(name.split(separator: ".")[0])-\(number)"
                    examples.append(SpecExample(number: number, id: id, extensionName: extensionName, markdown: tabs(markdown), html: tabs(html)))
                }
                part = nil
            } else if part == 0, line == "." {
                part = 1
            } else if part == 0 {
                markdown.append(line)
            } else if part == 1 {
                html.append(line)
            }
        }
        return examples
    }

    /// The text a browser shows of the reference HTML: tags out, character references decoded,
    /// what `<script>` and `<style>` hold left out (a browser does not show it), and a footnote's
    /// way back to its reference (`↩`, a link GitHub adds, not the writer's).
    var referenceText: String {
        var text = html
        while let open = text.range(of: "<a href=\"#fnref"), let close = text.range(of: "</a>", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        for name in ["script", "style"] {
            while let open = text.range(of: "<\(name)", options: .caseInsensitive),
                  let close = text.range(of: "</\(name)>", options: .caseInsensitive, range: open.upperBound..<text.endIndex) {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        while let open = text.range(of: "<!--"), let close = text.range(of: "-->", range: open.upperBound..<text.endIndex) {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        // Outside SVG and MathML, an HTML parser reads a CDATA section as a bogus comment: a
        // browser shows nothing of it.
        while let open = text.range(of: "<![CDATA["), let close = text.range(of: "]]>", range: open.upperBound..<text.endIndex) {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let first = after.first, first.isLetter || first == "/" || first == "!" || first == "?",
                  let close = Self.tagEnd(after) else {
                output += "<"
                rest = after
                continue
            }
            output += " "
            rest = after[after.index(after: close)...]
        }
        output += rest
        return Self.decode(output)
    }

    /// The `>` that ends a tag, past any quoted attribute value (which may hold `>` itself).
    private static func tagEnd(_ tag: Substring) -> Substring.Index? {
        var quote: Character?
        for index in tag.indices {
            let character = tag[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
        }
        return nil
    }

    private static func decode(_ text: String) -> String {
        var text = text
        for (name, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: name, with: value)
        }
        return text
    }
}
