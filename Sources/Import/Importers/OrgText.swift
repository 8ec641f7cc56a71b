import Diagnostics
import Document
import Foundation

/// A Logseq journal page written in Org (`:preferred-format :org`) as the outline Logseq's
/// Markdown pages hold, so that one reader (`LogseqText`) reads both: `* block` headings at any
/// depth become `- block` bullets nested by tabs, their further lines stay under them;
/// `#+KEY: value` lines become `key:: value` properties (left out and counted as Logseq's own);
/// `#+BEGIN_SRC`/`#+END_SRC` become code fences and `#+BEGIN_QUOTE` a quote; `[[target][words]]`
/// links keep their words. Drawers (`:LOGBOOK:` … `:END:`) stay for `LogseqText` to leave out.
enum OrgText {
    static func outline(_ text: String) -> String {
        var output: [String] = []
        var depth = 0
        var inCode = false
        var inQuote = false
        for raw in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let upper = trimmed.uppercased()
            let indent = String(repeating: "\t", count: max(0, depth - 1)) + (depth > 0 ? "  " : "")
            if upper.hasPrefix("#+BEGIN_SRC") || upper.hasPrefix("#+BEGIN_EXAMPLE") {
                inCode = true
                output.append(indent + "```" + trimmed.split(separator: " ").dropFirst().prefix(1).joined())
                continue
            }
            if inCode {
                if upper.hasPrefix("#+END_SRC") || upper.hasPrefix("#+END_EXAMPLE") {
                    inCode = false
                    output.append(indent + "```")
                } else {
                    output.append(indent + line)
                }
                continue
            }
            if upper.hasPrefix("#+BEGIN_QUOTE") { inQuote = true; continue }
            if upper.hasPrefix("#+END_QUOTE") { inQuote = false; continue }
            let stars = trimmed.prefix { $0 == "*" }.count
            if stars > 0, trimmed.dropFirst(stars).first == " " {
                depth = stars
                output.append(String(repeating: "\t", count: stars - 1) + "- " + links(String(trimmed.dropFirst(stars + 1))))
                continue
            }
            if trimmed.hasPrefix("#+"), let colon = trimmed.firstIndex(of: ":") {
                let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<colon].lowercased()
                output.append(indent + key + ":: " + trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                continue
            }
            output.append(indent + (inQuote ? "> " : "") + links(trimmed))
        }
        return output.joined(separator: "\n")
    }

    /// `[[https://…][words]]` → `[words](https://…)`; `[[page][words]]` → `[[page|words]]`.
    private static func links(_ line: String) -> String {
        guard line.contains("][") else { return line }
        return ReaderText.replacing(line, pattern: #"\[\[([^\]\n]+)\]\[([^\]\n]+)\]\]"#, with: "[[$1|$2]]")
    }
}
