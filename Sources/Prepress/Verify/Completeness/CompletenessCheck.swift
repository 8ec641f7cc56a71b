/// Proves that every included entry's words reached an output, in order: the entries' letters
/// and digits are walked through the output's, front to back. Between entries anything may
/// stand (heads, photos, captions, tags); inside an entry the output may add text (running
/// heads, folios, captions of photos placed mid-entry) but never leave a word out or change
/// one (added digits, such as a list's numbers drawn after its items, are passed over where
/// they stand). Extracted page text does not keep word boundaries (a head and the text under it run
/// together), so the walk is by character. Linear in the output's text: the walk never goes
/// back, and a search for where an entry goes on after added text looks `window` characters
/// ahead at most.
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

    /// The entries (in reading order) whose words are missing: the first missing run of each.
    func missing(_ expected: ExpectedText) -> [Missing] {
        var result: [Missing] = []
        var position = 0
        for entry in expected.entries {
            for part in entry.parts {
                let words = WordText(part)
                guard !words.characters.isEmpty else { continue }
                switch walk(words.characters, from: position) {
                case .complete(let next): position = next
                case .missing(let at, let near):
                    result.append(Missing(entry: entry.id, words: Self.words(of: part, from: at, in: words), position: near))
                }
                if result.last?.entry == entry.id { break }
            }
        }
        return result
    }

    private enum Walk {
        case complete(next: Int)
        case missing(at: Int, near: Int)
    }

    /// Follows one entry's characters through the output from character `start`.
    private func walk(_ expected: [UInt32], from start: Int) -> Walk {
        let text = document.characters
        guard var i = find(expected, at: 0, from: start, limit: text.count) else { return .missing(at: 0, near: start) }
        var p = 0
        while true {
            while i < text.count, p < expected.count {
                if text[i] == expected[p] {
                    p += 1
                } else if !Self.isDigit(text[i]) {
                    break
                }
                // Digits the book adds (a list's numbers drawn after its items, a folio) are passed over.
                i += 1
            }
            if p == expected.count { return .complete(next: i) }
            // The output added something here: find where the entry goes on.
            guard let next = find(expected, at: p, from: i + 1, limit: min(text.count, i + 1 + Self.window)) else {
                return .missing(at: p, near: i)
            }
            i = next
        }
    }

    /// The first place in `from..<limit` at which `expected[p...]` follows on for the anchor's
    /// length (or to its end).
    private func find(_ expected: [UInt32], at p: Int, from: Int, limit: Int) -> Int? {
        let text = document.characters
        let wanted = min(Self.anchorLength, expected.count - p)
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
        let first = reduced.tokenStarts.lastIndex { $0 <= at } ?? 0
        let words = text.split(whereSeparator: { $0.isWhitespace }).filter { !WordText(String($0)).characters.isEmpty }
        return words.dropFirst(first).prefix(8).joined(separator: " ")
    }
}
