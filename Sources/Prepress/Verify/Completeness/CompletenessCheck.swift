/// Proves that every included entry's words reached an output, in order. The output is first
/// divided into entries: by its own sections when it has them (a tagged PDF's `Sect`s, an EPUB's
/// entry sections), each matched to the entry whose head opens it, else cut at the heads (the
/// date line that opens every entry, found in order). An entry's words are looked for only in
/// its own part: one entry can never be matched in another's place, however alike their words. Within its stretch, the entry's
/// letters and digits are walked through the output's, front to back: the output may add text
/// (running heads, folios, captions, tags) but never leave a word out or change one (added
/// digits, such as a list's numbers drawn after its items, are passed over where they stand).
/// Extracted page text does not keep word boundaries (a head and the text under it run
/// together), so the walk is by character. Linear in the output's text: the heads are found in
/// one pass, the walk never goes back, and a search for where an entry goes on after added text
/// looks `window` characters ahead at most.
struct CompletenessCheck {
    /// Characters that must follow on from a place before the walk accepts it as the place
    /// where an entry (or its continuation) stands: long enough that a chance match in a head
    /// or a folio is implausible, short enough to fit before a page turn.
    static let anchorLength = 16
    /// How many characters an entry's text may be interrupted by (a page turn with its
    /// running head and folio, a photo's caption).
    static let window = 4_000

    /// A stretch of an entry that is not in the output.
    struct Missing: Equatable {
        var entry: String
        /// The first missing words, as the reader sees them.
        var words: String
        /// The output character near which it should have stood.
        var position: Int
    }

    let document: WordText
    /// How this output prints a head (the PDF sets them in capitals).
    var printedHead: (String) -> String = { $0 }
    /// The output's own division into entries, in order, when it has one (a tagged PDF's
    /// sections): each entry is then matched to the section its head opens, and never looked
    /// for in text that happens to hold its head. Nil: the output is cut at its heads.
    var sections: [Range<Int>]?

    /// How many heads may be missing before the rest are not looked for: each is a pass over
    /// the output, and a book with that many lost entries has failed already.
    static let headSearches = 20

    /// The entries (in reading order) whose words are missing: the first missing run of each.
    func missing(_ expected: ExpectedText) -> [Missing] {
        let stretches = self.stretches(expected)
        var result: [Missing] = []
        var lastEnd = 0
        for (entry, stretch) in zip(expected.entries, stretches) {
            // An entry that names no head is looked for from where the one before it ended.
            guard let found = entry.head == nil ? lastEnd..<document.characters.count : stretch else {
                // Its head is not there: the whole entry is missing.
                result.append(Self.wholly(entry, near: lastEnd))
                continue
            }
            let walked = missing(entry, in: found)
            if let missing = walked.missing { result.append(missing) }
            lastEnd = walked.end
        }
        return result
    }

    /// The first missing run of `entry`'s words in its stretch of the output, and where the
    /// words found before it end.
    func missing(_ entry: ExpectedText.Entry, in stretch: Range<Int>) -> (missing: Missing?, end: Int) {
        var position = stretch.lowerBound
        for part in entry.parts {
            let words = WordText(part)
            guard !words.characters.isEmpty else { continue }
            switch walk(words, from: position, end: stretch.upperBound) {
            case .complete(let next): position = next
            case .missing(let at, let near):
                return (Missing(entry: entry.id, words: Self.words(of: part, from: at, in: words), position: near), position)
            }
        }
        return (nil, position)
    }

    /// An entry none of whose words are there (its head is missing).
    static func wholly(_ entry: ExpectedText.Entry, near position: Int) -> Missing {
        let first = entry.parts.first { !WordText($0).characters.isEmpty } ?? entry.head ?? ""
        return Missing(entry: entry.id, words: first.split(whereSeparator: \.isWhitespace).prefix(8).joined(separator: " "), position: position)
    }

    /// Each headed entry's stretch of the output: from after its head to the next found head;
    /// nil where the head is missing (or the entry names none).
    private func stretches(_ expected: ExpectedText) -> [Range<Int>?] {
        if let sections { return stretches(expected, in: sections) }
        let text = document.characters
        var heads: [Range<Int>?] = []
        var cursor = 0
        var searchesLeft = Self.headSearches
        for entry in expected.entries {
            guard let head = entry.head else {
                heads.append(nil)
                continue
            }
            let wanted = WordText(printedHead(head)).characters
            guard searchesLeft > 0, let found = Self.exact(wanted, in: text, from: cursor) else {
                searchesLeft -= 1
                heads.append(nil)
                continue
            }
            heads.append(found..<(found + wanted.count))
            cursor = found + wanted.count
        }
        // Each stretch ends where the next found head begins.
        var result: [Range<Int>?] = Array(repeating: nil, count: heads.count)
        var end = text.count
        for index in heads.indices.reversed() {
            guard let head = heads[index] else { continue }
            result[index] = head.upperBound..<max(head.upperBound, end)
            end = head.lowerBound
        }
        return result
    }

    /// Each headed entry's stretch when the output is divided into sections: the section that
    /// opens with its head, after the head. Sections come in the entries' order; one with
    /// another head (an entry that should not be there) is passed over.
    private func stretches(_ expected: ExpectedText, in sections: [Range<Int>]) -> [Range<Int>?] {
        let text = document.characters
        var result: [Range<Int>?] = []
        var next = sections.startIndex
        var searchesLeft = Self.headSearches
        for entry in expected.entries {
            guard let head = entry.head else {
                result.append(nil)
                continue
            }
            let wanted = WordText(printedHead(head)).characters
            var found: Range<Int>?
            var candidate = next
            // A missing entry's head is looked for to the end at most `headSearches` times.
            while candidate < sections.endIndex, searchesLeft > 0 {
                let section = sections[candidate]
                if section.count >= wanted.count, text[section.lowerBound..<(section.lowerBound + wanted.count)].elementsEqual(wanted) {
                    found = (section.lowerBound + wanted.count)..<section.upperBound
                    next = candidate + 1
                    break
                }
                candidate += 1
            }
            if found == nil { searchesLeft -= 1 }
            result.append(found)
        }
        return result
    }

    /// Where `wanted` stands whole in `text` from `start`, digits and all.
    private static func exact(_ wanted: [UInt32], in text: [UInt32], from start: Int) -> Int? {
        guard let first = wanted.first, !wanted.isEmpty else { return nil }
        var i = start
        while i + wanted.count <= text.count {
            if text[i] == first, text[i..<(i + wanted.count)].elementsEqual(wanted) { return i }
            i += 1
        }
        return nil
    }

    private enum Walk {
        case complete(next: Int)
        case missing(at: Int, near: Int)
    }

    /// Follows one entry's characters through its stretch of the output, `start..<end`.
    private func walk(_ words: WordText, from start: Int, end: Int) -> Walk {
        let text = document.characters
        let expected = words.characters
        // The next 16 characters find where the entry goes on; a short line (a heading, a line
        // between two photos, a table's cell) is found by itself, since what the book sets after
        // it (a caption, a page turn) may come before the next line's characters.
        var lineEnd = words.lineEnds.startIndex
        func lineAnchor(_ p: Int) -> Int {
            while lineEnd < words.lineEnds.endIndex, Int(words.lineEnds[lineEnd]) <= p { lineEnd += 1 }
            let toEnd = lineEnd < words.lineEnds.endIndex ? Int(words.lineEnds[lineEnd]) - p : expected.count - p
            return max(toEnd, min(3, expected.count - p))
        }
        // The entry's first words may still be cut before that (a line alone at a page's foot):
        // then the walk starts at the first character of its own stretch that begins it.
        guard var i = find(expected, at: 0, from: start, limit: end)
                ?? find(expected, at: 0, from: start, limit: end, anchor: lineAnchor(0))
                ?? find(expected, at: 0, from: start, limit: end, anchor: 1) else { return .missing(at: 0, near: start) }
        var p = 0
        while true {
            while i < end, p < expected.count {
                if text[i] == expected[p] {
                    p += 1
                } else if !Self.isDigit(text[i]) && !(text[i] == 0x2E && i > 0 && Self.isDigit(text[i - 1])) {
                    break
                }
                // Digits the book adds (a list's numbers drawn after its items, a folio) are passed
                // over, and the full stop that ends a list's number.
                i += 1
            }
            if p == expected.count { return .complete(next: i) }
            // The output added something here: find where the entry goes on. Text the book adds
            // may come again within the anchor's length (tags printed as written between words):
            // the line's own anchor, then a shorter one, still within the window, goes on.
            let limit = min(end, i + 1 + Self.window)
            guard let next = find(expected, at: p, from: i + 1, limit: limit)
                    ?? find(expected, at: p, from: i + 1, limit: limit, anchor: lineAnchor(p))
                    ?? find(expected, at: p, from: i + 1, limit: limit, anchor: 4) else {
                return .missing(at: p, near: i)
            }
            i = next
        }
    }

    /// The first place in `from..<limit` at which `expected[p...]` follows on for the anchor's
    /// length (or to its end).
    private func find(_ expected: [UInt32], at p: Int, from: Int, limit: Int, anchor: Int = anchorLength) -> Int? {
        let text = document.characters
        let wanted = min(anchor, expected.count - p)
        var i = from
        while i < limit {
            if text[i] == expected[p] {
                var k = 1, j = i + 1
                while k < wanted, j < text.count {
                    if text[j] == expected[p + k] {
                        k += 1
                    } else if !Self.isDigit(text[j]) {
                        break
                    }
                    j += 1
                }
                if k == wanted { return i }
            }
            i += 1
        }
        return nil
    }

    private static func isDigit(_ value: UInt32) -> Bool { (0x30...0x39).contains(value) }

    /// Up to eight of the entry's words from the one holding character `at`.
    private static func words(of text: String, from at: Int, in reduced: WordText) -> String {
        let first = reduced.tokenStarts.lastIndex { Int($0) <= at } ?? 0
        let words = text.split(whereSeparator: { $0.isWhitespace }).filter { !WordText(String($0)).characters.isEmpty }
        return words.dropFirst(first).prefix(8).joined(separator: " ")
    }
}
