/// jrnl's journals as text, the way jrnl writes and reads them (`jrnl/journals/Journal.py`):
/// an entry starts at a line `[DATE] Title` (` *` after the title when starred), its body on the
/// lines below; DATE is in the journal's `timeformat`. Its Markdown export writes the same
/// entries as headings (`### DATE Title` under `# YEAR` and `## Month`, or `# DATE Title` in
/// one file per entry) with the body's own headings pushed down as many levels.
enum JrnlText {
    struct Entry {
        var fields: JrnlTimeFormat.Fields
        var title: String
        var body: String
        var starred: Bool
    }

    /// A line that jrnl could take for a heading but whose date cannot be read: kept in the
    /// body of the entry before it (`entry` is that entry's index, or -1 before any), as jrnl
    /// itself would, and reported.
    struct UnreadHeading {
        var entry: Int
        var line: String
    }

    /// `[blob] rest` or `[blob]` at the start of a line.
    static func bracketed(_ line: Substring) -> (blob: Substring, rest: Substring)? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let after = line[line.index(after: close)...]
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        return (line[line.index(after: line.startIndex)..<close], after.dropFirst())
    }

    /// A bracketed text jrnl's date parser would try (longer than a footnote's `[1]`, with a digit).
    static func looksLikeDate(_ blob: Substring) -> Bool {
        blob.count > 6 && blob.contains { $0.isASCII && $0.isNumber }
    }

    /// The format the order names, else the first common one that reads every heading-like line.
    static func format(for texts: [String], given: JrnlTimeFormat?, markdown: Bool = false) -> JrnlTimeFormat? {
        if let given { return given }
        var candidates: [Substring] = []
        for text in texts {
            for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(20_000) {
                if markdown {
                    if line.hasPrefix("#") { candidates.append(line.drop { $0 == "#" }.drop { $0 == " " }) }
                } else if let (blob, _) = bracketed(line), looksLikeDate(blob) {
                    candidates.append(blob)
                }
            }
        }
        guard !candidates.isEmpty else { return nil }
        if markdown {
            return JrnlTimeFormat.common.max { a, b in
                candidates.filter { a.read($0) != nil }.count < candidates.filter { b.read($0) != nil }.count
            }.flatMap { format in candidates.contains { format.read($0) != nil } ? format : nil }
        }
        let counts = JrnlTimeFormat.common.map { format in candidates.filter { format.readWhole($0) != nil }.count }
        guard let best = counts.max(), best > 0, let index = counts.firstIndex(of: best) else { return nil }
        return JrnlTimeFormat.common[index]
    }

    /// The entries of a text journal.
    static func entries(_ text: String, format: JrnlTimeFormat) -> (entries: [Entry], unread: [UnreadHeading]) {
        var entries: [Entry] = []
        var unread: [UnreadHeading] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if let (blob, rest) = bracketed(line) {
                if let fields = format.readWhole(blob) {
                    var title = rest.trimmingCharacters(in: .whitespaces)
                    let starred = title.hasSuffix(" *") || title == "*"
                    if starred { title = String(title.dropLast()).trimmingCharacters(in: .whitespaces) }
                    entries.append(Entry(fields: fields, title: title, body: "", starred: starred))
                    continue
                }
                if looksLikeDate(blob) { unread.append(UnreadHeading(entry: entries.count - 1, line: String(line))) }
            }
            if !entries.isEmpty { entries[entries.count - 1].body += line + "\n" }
        }
        return (entries, unread)
    }

    private static let monthNames: Set<String> = ["January", "February", "March", "April", "May", "June", "July", "August",
                                                  "September", "October", "November", "December"]

    private static func isYearOrMonth(_ text: String) -> Bool {
        (text.count == 4 && text.allSatisfy { $0.isASCII && $0.isNumber }) || monthNames.contains(text)
    }

    /// The entries of a Markdown export: a whole journal (`### DATE Title` under year and month
    /// headings) or one file of a `--file DIR` export (`# DATE Title`).
    static func markdownEntries(_ text: String, format: JrnlTimeFormat) -> [Entry] {
        var entries: [Entry] = []
        var level = 0
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let hashes = line.prefix { $0 == "#" }.count
            if hashes > 0, line.dropFirst(hashes).hasPrefix(" ") {
                let heading = line.dropFirst(hashes + 1)
                if level == 0 || hashes == level, let (fields, length) = format.read(heading) {
                    level = hashes
                    entries.append(Entry(fields: fields, title: heading.dropFirst(length).trimmingCharacters(in: .whitespaces), body: "",
                                         starred: false))
                    continue
                }
                // `# 2019` and `## October` above a whole journal's entries.
                if level != 1, hashes <= 2, isYearOrMonth(heading.trimmingCharacters(in: .whitespaces)) { continue }
            }
            guard !entries.isEmpty else { continue }
            // The exporter pushed the body's headings down by the entry's level: bring them back.
            var body = Substring(line)
            if hashes > level, level > 0 { body = body.dropFirst(level) }
            entries[entries.count - 1].body += body + "\n"
        }
        return entries
    }
}
