import Document
/// Conventions of a language's typesetting applied to plain text before layout: quotation
/// marks, dashes, and short words bound to the next one with a no-break space.
struct LanguageTypography {
    var language: BookLanguage

    /// One-letter words that must not end a line (Russian and Spanish typesetting rule).
    private var bindingWords: Set<Character> {
        switch language {
        case .english: []
        case .russian: ["в", "к", "с", "о", "у", "и", "а", "я", "В", "К", "С", "О", "У", "И", "А", "Я"]
        case .spanish: ["y", "a", "o", "e", "u", "Y", "A", "O", "E", "U"]
        }
    }

    func apply(_ text: String) -> String {
        var text = text
        if language != .english {
            // cmark's smart punctuation gives English quotes; Russian and Spanish use guillemets.
            text = text.replacingOccurrences(of: "\u{201C}", with: "«").replacingOccurrences(of: "\u{201D}", with: "»")
        }
        if language == .russian {
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
