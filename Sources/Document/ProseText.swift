/// Markdown text cut into prose and code, so that an app's syntax is read only in prose: a
/// fenced code block (```` ``` ```` or `~~~`) or a code span (a run of backticks to the next run
/// of the same length on its line) is code, and `%%`, `[[…]]` or `==` in it are what the
/// writer typed.
public enum ProseText {
    /// `text` with `transform` applied to each stretch of prose, code left as it is.
    public static func mapProse(_ text: String, _ transform: (String) -> String) -> String {
        var output = ""
        var prose = ""
        var fence: String?
        func flush() {
            if !prose.isEmpty { output += transform(prose) }
            prose = ""
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let separator = index == 0 ? "" : "\n"
            let trimmed = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
            if let open = fence {
                output += separator + line
                if trimmed.hasPrefix(open), trimmed.drop(while: { $0 == open.first }).allSatisfy(\.isWhitespace) { fence = nil }
                continue
            }
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                prose += separator
                flush()
                output += line
                fence = String(trimmed.prefix { $0 == marker.first })
                continue
            }
            prose += separator
            var rest = Substring(line)
            while let tick = rest.firstIndex(of: "`") {
                let run = rest[tick...].prefix { $0 == "`" }
                let after = rest[run.endIndex...]
                guard let close = closingRun(of: run.count, in: after) else {
                    prose += rest[..<run.endIndex]
                    rest = after
                    continue
                }
                prose += rest[..<tick]
                flush()
                output += rest[tick..<close.upperBound]
                rest = rest[close.upperBound...]
            }
            prose += rest
        }
        flush()
        return output
    }

    /// The next run of exactly `count` backticks in `text`.
    private static func closingRun(of count: Int, in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let tick = text[index...].firstIndex(of: "`") {
            let run = text[tick...].prefix { $0 == "`" }
            if run.count == count { return tick..<run.endIndex }
            index = run.endIndex
        }
        return nil
    }
}
