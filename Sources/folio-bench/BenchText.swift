import Document
import Jobs
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

    /// Whom an archived note is for, in the words `archivedNote` puts before them.
    private static func names(_ language: BookLanguage) -> [String] {
        switch language {
        case .russian: ["Марты", "Юры", "тёти Раи", "доктора", "Лёвы", "Сэма", "бабушки", "Нур"]
        default: ["Marta", "Jonas", "Aunt Ruth", "the doctor", "Leo", "Sam", "Grandmother", "Noor"]
        }
    }

    /// An archived sentence's own beginning. No '.', '!' or '?' before the end: the resolver
    /// cuts archived text into phrases at those, and each phrase must stay whole and unique.
    private static func archivedNote(_ language: BookLanguage, number: Int, note: Int, name: String) -> String {
        switch language {
        case .russian: "Личная заметка \(number)-\(note), только для \(name): "
        default: "Private note \(number)-\(note), for \(name) only: "
        }
    }

    /// About `words` words (a sentence more at most), in paragraphs of up to six sentences, in
    /// `language` (`BenchPhrases`: the demo's English or Russian, or the UDHR's first article).
    static func included(words budget: Int, number: Int, language: BookLanguage = .english,
                         random: inout SeededRandom) -> Written {
        let bank = BenchPhrases.sentences(language)
        var written = Written()
        var blocks: [String] = []
        while written.words < budget {
            var sentences = paragraph(upTo: budget, &written, &random) { random, _ in bank[random.below(bank.count)] }
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

    /// About `words` words of sentences found in no other entry.
    static func archived(words budget: Int, number: Int, language: BookLanguage = .english,
                         random: inout SeededRandom) -> Written {
        let bank = BenchPhrases.sentences(language), people = names(language)
        var written = Written()
        while written.words < budget {
            let sentences = paragraph(upTo: budget, &written, &random) { random, note in
                archivedNote(language, number: number, note: note, name: people[random.below(people.count)])
                    + bank[random.below(bank.count)]
            }
            written.paragraphs.append(sentences.joined(separator: " "))
        }
        written.markdown = written.paragraphs.joined(separator: "\n\n")
        return written
    }

    /// Two to six sentences from `next` (given the entry's sentence number), fewer where the
    /// entry reaches its budget first.
    private static func paragraph(upTo budget: Int, _ written: inout Written, _ random: inout SeededRandom,
                                  _ next: (inout SeededRandom, Int) -> String) -> [String] {
        var sentences: [String] = []
        for _ in 0..<(2 + random.below(5)) where written.words < budget {
            let sentence = next(&random, written.sentences + 1)
            count([sentence], into: &written)
            sentences.append(sentence)
        }
        return sentences
    }

    private static func count(_ sentences: [String], into written: inout Written) {
        written.sentences += sentences.count
        written.words += sentences.reduce(0) { $0 + words(in: $1) }
    }

    /// Words by spaces; in a script that puts none between words (Chinese, Japanese, Thai),
    /// a word for every three characters, about the width of an English word.
    private static func words(in sentence: String) -> Int {
        let spaced = sentence.split(separator: " ").count
        return spaced * 12 >= sentence.count ? spaced : max(1, sentence.count / 3)
    }
}
