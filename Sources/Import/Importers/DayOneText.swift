/// Day One's text as CommonMark says it: Day One's editor makes every Return a paragraph (one
/// `\n` in the export), which CommonMark would run together; and Day One has no HTML, so a `<`
/// the writer typed is text, never a tag — but for `<br>`, which imports from other apps
/// (Daylio) leave in the text for a line break, and which is one. Lists, quotes, tables and
/// code keep their lines.
enum DayOneText {
    static func markdown(_ text: String) -> String {
        let lines = lineBreaks(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var output: [String] = []
        var inFence = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let fence = trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
            if fence { inFence.toggle() }
            output.append(inFence || fence ? line : escapingAngleBrackets(line))
            guard !inFence, !fence, index + 1 < lines.count else { continue }
            let next = lines[index + 1].trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !next.isEmpty, !keepsLines(trimmed), !keepsLines(next) { output.append("") }
        }
        return output.joined(separator: "\n")
    }

    /// `\r\n` and `<br>` (`<br/>`, `<BR />`) as `\n`.
    static func lineBreaks(_ text: String) -> String {
        ReaderText.replacing(text.replacingOccurrences(of: "\r\n", with: "\n"), pattern: #"(?i)<br\s*/?>"#, with: "\n")
    }

    /// Lines that belong with the next one as CommonMark reads them: list items, quotes,
    /// table rows, fences.
    private static func keepsLines(_ line: String) -> Bool {
        if line.hasPrefix(">") || line.hasPrefix("|") || line.hasPrefix("```") || line.hasPrefix("~~~") { return true }
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && digits.count <= 9 && (line.dropFirst(digits.count).hasPrefix(". ") || line.dropFirst(digits.count).hasPrefix(") "))
    }

    /// `<` outside code spans as `\<`, so CommonMark prints it.
    private static func escapingAngleBrackets(_ line: String) -> String {
        guard line.contains("<") else { return line }
        var output = ""
        var inCode = false
        var previous: Character?
        for character in line {
            if character == "`" { inCode.toggle() }
            if character == "<", !inCode, previous != "\\" { output.append("\\") }
            output.append(character)
            previous = character
        }
        return output
    }
}
