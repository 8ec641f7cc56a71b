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
            // A backtick fence's info string holds no backtick: "```x```" on its own is a code span.
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }),
               marker == "~~~" || !trimmed.drop(while: { $0 == "`" }).contains("`") {
                prose += separator
                flush()
                output += line
                fence = String(trimmed.prefix { $0 == marker.first })
                continue
            }
            prose += separator
            // A run of backticks opens a code span closed by the next run of the same length
            // on its line; each run's partner is found in one pass from the line's end.
            let runs = backtickRuns(line)
            var partner: [Int?] = Array(repeating: nil, count: runs.count)
            var latest: [Int: Int] = [:]
            for index in runs.indices.reversed() {
                partner[index] = latest[runs[index].length]
                latest[runs[index].length] = index
            }
            var position = line.startIndex
            var run = 0
            while run < runs.count {
                guard let close = partner[run] else {
                    run += 1
                    continue
                }
                prose += line[position..<runs[run].range.lowerBound]
                flush()
                output += line[runs[run].range.lowerBound..<runs[close].range.upperBound]
                position = runs[close].range.upperBound
                run = close + 1
            }
            prose += line[position...]
        }
        flush()
        return output
    }

    /// Every run of backticks in `line`, in order.
    private static func backtickRuns(_ line: Substring) -> [(range: Range<Substring.Index>, length: Int)] {
        var runs: [(range: Range<Substring.Index>, length: Int)] = []
        var index = line.startIndex
        while let tick = line[index...].firstIndex(of: "`") {
            let run = line[tick...].prefix { $0 == "`" }
            runs.append((tick..<run.endIndex, run.count))
            index = run.endIndex
        }
        return runs
    }
}
