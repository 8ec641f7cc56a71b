import Diagnostics
import Document
import Foundation

/// A Logseq journal page as CommonMark. Logseq writes an outline: every block a `- ` bullet,
/// nested by tabs, its further lines indented under it. Top-level blocks become paragraphs
/// (headings stay headings), nested ones lists under them. What Logseq keeps for itself is
/// left out and counted: `key:: value` properties (a page's first lines, or under a block),
/// `:LOGBOOK:` and other drawers, `SCHEDULED:`/`DEADLINE:` lines, `((block references))` and
/// `{{macros}}` (queries, embeds). `[[page]]` links keep their words.
enum LogseqText {
    struct Dropped {
        var properties = 0
        var drawers = 0
        var references = 0
        var macros = 0

        var isEmpty: Bool { properties + drawers + references + macros == 0 }

        var description: String {
            [(properties, "property line"), (drawers, "drawer"), (references, "block reference"), (macros, "query or embed")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        }
    }

    static func markdown(_ text: String) -> (text: String, dropped: Dropped) {
        var dropped = Dropped()
        var output: [String] = []
        var drawerEnd: Int?
        var inFence = false
        var depth = 0
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let drawers = LogseqSyntax.drawerEnds(lines)
        for (index, rawLine) in lines.enumerated() {
            let tabs = rawLine.prefix { $0 == "\t" }.count
            var line = rawLine.dropFirst(tabs)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inFence {
                if trimmed.hasPrefix("```") { inFence = false }
                output.append(String(repeating: "  ", count: max(0, depth)) + trimmed)
                continue
            }
            if let end = drawerEnd {
                if index == end { drawerEnd = nil }
                continue
            }
            if let end = drawers[index] {
                drawerEnd = end
                dropped.drawers += 1
                continue
            }
            if LogseqSyntax.isProperty(trimmed) || LogseqSyntax.isPlanning(trimmed) {
                dropped.properties += 1
                continue
            }
            if line.hasPrefix("- ") || line == "-" {
                depth = tabs
                line = line.dropFirst(2)
                let block = String(line)
                if block.hasPrefix("#") {
                    output.append("")
                    output.append(block)
                    output.append("")
                } else if depth == 0 {
                    output.append("")
                    output.append(block)
                } else {
                    output.append(String(repeating: "  ", count: depth - 1) + "- " + block)
                }
            } else {
                // A block's further lines, under its bullet.
                output.append(String(repeating: "  ", count: max(0, depth)) + trimmed)
            }
            if trimmed.hasPrefix("```") { inFence = true }
        }
        let references = #"\(\([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\)\)"#
        // References, macros and links are read in prose only: in a code block they are code.
        let result = ProseText.mapProse(output.joined(separator: "\n")) { prose in
            dropped.references += count(prose, references)
            var result = ReaderText.replacing(prose, pattern: references, with: "")
            dropped.macros += count(result, #"\{\{[^}\n]*\}\}"#)
            result = ReaderText.replacing(result, pattern: #"\{\{[^}\n]*\}\}"#, with: "")
            result = ReaderText.wikilinks(result)
            // What was taken out of a line leaves one space, not two.
            return ReaderText.replacing(result, pattern: #"(\S)[ ]{2,}(?=\S)"#, with: "$1 ")
        }
        return (result, dropped)
    }

    private static func count(_ text: String, _ pattern: String) -> Int {
        (try? NSRegularExpression(pattern: pattern))?.numberOfMatches(in: text, range: NSRange(location: 0, length: (text as NSString).length)) ?? 0
    }
}
