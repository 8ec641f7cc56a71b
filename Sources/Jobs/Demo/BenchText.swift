import Render

/// The words of the benchmark's diary. Included entries are paragraphs from the sample phrase
/// bank, now and then with emphasis, a quotation or a list. Archived entries are written from
/// the same bank, but every sentence carries its own note number: each one is a phrase that
/// appears nowhere else, so the verifier's archived-text check has hundreds of them to look for.
struct BenchText {
    /// One entry's text.
    struct Written {
        /// As the export holds it (CommonMark).
        var markdown = ""
        /// The same words without markup, a paragraph a string: for laying the text out elsewhere.
        var paragraphs: [String] = []
        var words = 0
        var sentences = 0
    }

    private static let bank = DemoPhrases.sentences(.english)
    private static let names = ["Marta", "Jonas", "Aunt Ruth", "the doctor", "Leo", "Sam", "Grandmother", "Noor"]

    /// At least `words` words, in paragraphs of two to six sentences.
    static func included(words budget: Int, number: Int, random: inout SeededRandom) -> Written {
        var written = Written()
        var blocks: [String] = []
        while written.words < budget {
            var sentences = (0..<(2 + random.below(5))).map { _ in bank[random.below(bank.count)] }
            count(sentences, into: &written)
            written.paragraphs.append(sentences.joined(separator: " "))
            if random.below(5) == 0 { sentences[0] = "*\(sentences[0])*" }
            blocks.append(sentences.joined(separator: " "))
        }
        if number % 7 == 0 {
            let quoted = bank[random.below(bank.count)]
            count([quoted], into: &written)
            written.paragraphs.append(quoted)
            blocks.insert("> \"\(quoted)\"", at: min(1, blocks.count))
        }
        if number % 11 == 0 {
            let items = (0..<3).map { _ in bank[random.below(bank.count)] }
            count(items, into: &written)
            written.paragraphs += items
            blocks.append(items.map { "- \($0)" }.joined(separator: "\n"))
        }
        written.markdown = blocks.joined(separator: "\n\n")
        return written
    }

    /// At least `words` words of sentences found in no other entry.
    static func archived(words budget: Int, number: Int, random: inout SeededRandom) -> Written {
        var written = Written()
        var note = 0
        while written.words < budget {
            let sentences = (0..<(2 + random.below(5))).map { _ -> String in
                note += 1
                // No '.', '!' or '?' before the end: the resolver cuts archived text into
                // phrases at those, and each phrase must stay whole and unique.
                return "Private note \(number)-\(note), for \(names[random.below(names.count)]) only: \(bank[random.below(bank.count)])"
            }
            count(sentences, into: &written)
            written.paragraphs.append(sentences.joined(separator: " "))
        }
        written.markdown = written.paragraphs.joined(separator: "\n\n")
        return written
    }

    private static func count(_ sentences: [String], into written: inout Written) {
        written.sentences += sentences.count
        written.words += sentences.reduce(0) { $0 + $1.split(separator: " ").count }
    }
}
