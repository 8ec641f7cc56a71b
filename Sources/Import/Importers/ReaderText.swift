import Diagnostics
import Document
import Foundation

/// The words of an entry's source as its reader sees them, read from what the export holds
/// and not through the importer's conversion, so that the completeness check can prove no
/// word was lost: the source less what an app keeps for itself (Logseq properties, block
/// references, queries, drawers; Obsidian embeds, comments, block ids, callout markers), read
/// by cmark-gfm into the same `Document` the book is set from (`Document.readerText`: link
/// targets, photo references and HTML tags are not words of the entry). Markdown's marks are
/// read as cmark-gfm reads them, and Obsidian's `==highlights==` as Obsidian does: the check
/// compares punctuation too.
public enum ReaderText {
    enum Dialect: Sendable {
        /// CommonMark as Folio, jrnl and plain Markdown folders write it.
        case markdown
        /// Day One's Markdown: no HTML (a `<` is the writer's), photos as `dayone-moment` images.
        case dayOne
        /// Obsidian's additions: `![[embeds]]`, `[[target|alias]]`, `%%comments%%`, callouts, `^block-ids`.
        case obsidian
        /// Logseq's outliner: `key:: value` properties, `((block refs))`, `{{macros}}`, drawers.
        case logseq
    }

    static func text(_ source: String, dialect: Dialect) -> String {
        reading(source, dialect: dialect).text
    }

    /// What a reader sees, and how many blocks cmark-gfm reads in it (paragraphs, headings, list
    /// items, quotes, code, tables, rules and HTML blocks, nested ones and footnotes' included):
    /// the accounting's measure of the source's structure.
    static func reading(_ source: String, dialect: Dialect) -> (text: String, blocks: Int) {
        var text = dialect == .logseq ? withoutLogseqLines(source) : source
        // An app's syntax is read in prose only: in code it is what the writer typed.
        if dialect == .obsidian {
            text = ProseText.mapProse(text) { prose in
                var text = remove(prose, from: "%%", to: "%%")
                text = remove(text, from: "![[", to: "]]")
                text = wikilinks(text)
                text = replacing(text, pattern: #"\[![A-Za-z0-9_-]+\][+-]?"#, with: "")
                return replacing(text, pattern: #"(?m)\s\^[A-Za-z0-9-]+$"#, with: "")
            }
        }
        if dialect == .logseq {
            text = ProseText.mapProse(text) { prose in
                wikilinks(remove(replacing(prose, pattern: #"\(\([0-9a-fA-F-]{36}\)\)"#, with: ""), from: "{{", to: "}}"))
            }
        }
        if dialect == .dayOne { text = DayOneText.markdown(text) }
        // Obsidian's highlights are marks, not the writer's `=` (every vault reads them).
        let document = Document(markdown: text, smart: false, app: dialect == .obsidian ? .highlights : [])
        return (document.readerText, document.allBlocks.count)
    }

    /// Logseq's lines that are not text (properties, planning, drawers), outside code fences.
    private static func withoutLogseqLines(_ source: String) -> String {
        var lines: [Substring] = []
        var drawerEnd: Int?
        var inFence = false
        let all = source.split(separator: "\n", omittingEmptySubsequences: false)
        let drawers = LogseqSyntax.drawerEnds(all)
        for (index, line) in all.enumerated() {
            let trimmed = String(line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            if inFence {
                lines.append(line)
                continue
            }
            if let end = drawerEnd {
                if index == end { drawerEnd = nil }
                continue
            }
            if let end = drawers[index] {
                drawerEnd = end
                continue
            }
            if LogseqSyntax.isProperty(trimmed) || LogseqSyntax.isPlanning(trimmed) { continue }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// `[[target]]` → `target`, `[[target|alias]]` → `alias`, `[[note#heading]]` → `note › heading`
    /// (as the book prints them, `ObsidianText`).
    static func wikilinks(_ text: String) -> String {
        let aliased = replacing(text, pattern: #"\[\[([^\]|\n]*)\|([^\]\n]*)\]\]"#, with: "$2")
        let blocks = replacing(aliased, pattern: #"\[\[([^\]#\n]*)#\^[^\]\n]*\]\]"#, with: "$1")
        return replacing(blocks, pattern: #"\[\[([^\]#\n]*)#([^\]\n]*)\]\]"#, with: "$1 › $2")
            .replacingOccurrences(of: "[[", with: "").replacingOccurrences(of: "]]", with: "")
    }

    private static func remove(_ text: String, from open: String, to close: String) -> String {
        guard text.contains(open) else { return text }
        var output = ""
        var rest = Substring(text)
        while let start = rest.range(of: open) {
            output += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: close) else { return output + rest[start.lowerBound...] }
            output += " "
            rest = rest[end.upperBound...]
        }
        return output + rest
    }

    static func replacing(_ text: String, pattern: String, with template: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        return expression.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length),
                                                   withTemplate: template)
    }

    /// How many words a reader would count in `text`: runs between spaces that hold a letter or
    /// a digit. By scalar, not Character: a year's diary is counted several times a job.
    public static func wordCount(_ text: String) -> Int {
        var count = 0
        var counted = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x20, 0x09...0x0D: counted = false
                case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
                    if !counted { count += 1; counted = true }
                default: break
                }
            } else if scalar.properties.isWhitespace {
                counted = false
            } else if !counted, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                count += 1
                counted = true
            }
        }
        return count
    }
}
