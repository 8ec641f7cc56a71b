import Foundation
import Render

/// The words of an entry's source as its reader sees them, read straight from what the export
/// holds and not through the importer's conversion or the book's Markdown reader, so that the
/// completeness check can prove neither lost a word: link targets, photo references, HTML
/// tags, comments and what an app keeps for itself (Logseq properties, block references,
/// queries, drawers; Obsidian embeds, block ids, callout markers) are not words of the entry.
/// Punctuation and Markdown's marks need no removing: the check compares letters and digits.
enum ReaderText {
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
        var lines: [Substring] = []
        var inDrawer = false
        var inFence = false
        for original in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = original
            let trimmed = String(line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                // A fence's info string (the language) is not printed; the code is.
                inFence.toggle()
                continue
            }
            if inFence {
                lines.append(line)
                continue
            }
            if isLinkDefinition(trimmed) { continue }
            line = withoutListNumber(line)
            if dialect == .logseq {
                if inDrawer {
                    if trimmed == ":END:" { inDrawer = false }
                    continue
                }
                if trimmed.hasPrefix(":"), trimmed.hasSuffix(":"), trimmed.count > 2, !trimmed.contains(" "), trimmed != ":END:" {
                    inDrawer = true
                    continue
                }
                if LogseqSyntax.isProperty(trimmed) || LogseqSyntax.isPlanning(trimmed) { continue }
            }
            lines.append(line)
        }
        var text = lines.joined(separator: "\n")
        if dialect != .dayOne {
            text = remove(text, from: "<!--", to: "-->")
            // What `<script>` and `<style>` hold is not for a reader.
            for name in ["script", "style", "SCRIPT", "STYLE"] { text = remove(text, from: "<\(name)", to: "</\(name)>") }
        }
        if dialect == .obsidian {
            text = remove(text, from: "%%", to: "%%")
            text = remove(text, from: "![[", to: "]]")
            text = wikilinks(text)
            text = replacing(text, pattern: #"\[![A-Za-z0-9_-]+\][+-]?"#, with: "")
            text = replacing(text, pattern: #"(?m)\s\^[A-Za-z0-9-]+$"#, with: "")
        }
        if dialect == .logseq {
            text = replacing(text, pattern: #"\(\([0-9a-fA-F-]{36}\)\)"#, with: "")
            text = remove(text, from: "{{", to: "}}")
            text = wikilinks(text)
        }
        // Images are photos (their alt text is a caption, set apart), links keep their words.
        if text.contains("](") {
            text = replacing(text, pattern: #"!\[[^\]\n]*\]\([^)\n]*\)"#, with: " ")
            text = replacing(text, pattern: #"\]\([^)\n]*\)"#, with: "] ")
        }
        text = dialect == .dayOne ? DayOneText.lineBreaks(text) : htmlTags(text)
        return text
    }

    /// A line without its ordered-list number: the book numbers its lists itself (`1.` `1.`
    /// `1.` is printed 1, 2, 3), so the source's numbers are not words to find.
    private static func withoutListNumber(_ line: Substring) -> Substring {
        let lead = line.prefix { $0 == " " || $0 == "\t" || $0 == ">" }
        let rest = line.dropFirst(lead.count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return line }
        let after = rest.dropFirst(digits.count)
        guard let mark = after.first, mark == "." || mark == ")" else { return line }
        let tail = after.dropFirst()
        guard tail.isEmpty || tail.first == " " || tail.first == "\t" else { return line }
        return lead + tail
    }

    /// `[label]: destination` on a line of its own: a reference link's target, never printed.
    private static func isLinkDefinition(_ line: String) -> Bool {
        guard line.hasPrefix("["), !line.hasPrefix("[^"), let close = line.range(of: "]:") else { return false }
        return !line[line.index(after: line.startIndex)..<close.lowerBound].contains("]")
    }

    /// `[[target]]` → `target`, `[[target|alias]]` → `alias`.
    static func wikilinks(_ text: String) -> String {
        replacing(replacing(text, pattern: #"\[\[([^\]|\n]*)\|([^\]\n]*)\]\]"#, with: "$2"), pattern: #"\[\[([^\]#\n]*)#\^[^\]\n]*\]\]"#, with: "$1")
            .replacingOccurrences(of: "[[", with: "").replacingOccurrences(of: "]]", with: "")
    }

    /// Tags of HTML's own elements go (their words stay); anything else in angle brackets is
    /// the writer's text.
    private static func htmlTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        let pattern = #"</?([A-Za-z][A-Za-z0-9]*)(\s[^<>]*)?/?>"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        let source = text as NSString
        var output = ""
        var last = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            let name = source.substring(with: match.range(at: 1)).lowercased()
            guard RawHTML.elements.contains(name) else { continue }
            output += source.substring(with: NSRange(location: last, length: match.range.location - last)) + " "
            last = match.range.location + match.range.length
        }
        return output + source.substring(from: last)
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
    static func wordCount(_ text: String) -> Int {
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
