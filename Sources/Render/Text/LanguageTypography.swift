import Document
/// Conventions of a language's typesetting applied to plain text before layout: quotation
/// marks (see `BookLanguage.quotationMarks`), dashes, and short words bound to the next one
/// with a no-break space.
struct LanguageTypography {
    var language: BookLanguage

    /// One-letter words that must not end a line (Russian and Spanish typesetting rule).
    private var bindingWords: Set<Character> {
        switch language.primaryLanguage {
        case "ru": ["в", "к", "с", "о", "у", "и", "а", "я", "В", "К", "С", "О", "У", "И", "А", "Я"]
        case "es": ["y", "a", "o", "e", "u", "Y", "A", "O", "E", "U"]
        default: []
        }
    }

    func apply(_ text: String) -> String {
        var text = text
        let marks = language.quotationMarks
        if marks.open != "\u{201C}" || marks.close != "\u{201D}" {
            // cmark's smart punctuation gives English quotes; the language may want others
            // (guillemets in Russian, „…“ in German, 「…」 in Japanese).
            text = text.replacingOccurrences(of: "\u{201C}", with: marks.open).replacingOccurrences(of: "\u{201D}", with: marks.close)
        }
        if language.primaryLanguage == "ru" {
            // A spaced dash in Russian is an em dash that never starts a line.
            text = text.replacingOccurrences(of: " \u{2013} ", with: "\u{00A0}\u{2014} ")
        }
        return bindShortWords(text)
    }

    private func bindShortWords(_ text: String) -> String {
        let binding = bindingWords
        guard !binding.isEmpty else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previous: Character = " "
        var pending: Character?
        for character in text {
            if let word = pending {
                pending = nil
                if character == " " {
                    result.append(word)
                    result.append("\u{00A0}")
                    previous = "\u{00A0}"
                    continue
                }
                result.append(word)
                previous = word
            }
            if binding.contains(character) && (previous == " " || previous == "\u{00A0}" || previous == "\n" || result.isEmpty) {
                pending = character
                continue
            }
            result.append(character)
            previous = character
        }
        if let word = pending { result.append(word) }
        return result
    }
}
