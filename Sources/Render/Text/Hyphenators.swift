import Diagnostics
import Document

/// Each language's hyphenator, loaded once per book when it is first asked for (the book's
/// own at once), and the hyphenated languages it found no dictionary for.
final class Hyphenators {
    let book: BookLanguage
    private var loaded: [String: Hyphenator?] = [:]
    private(set) var missing: [BookLanguage] = []

    init(book: BookLanguage) {
        self.book = book
        _ = hyphenator(for: book)
    }

    func hyphenator(for language: BookLanguage) -> Hyphenator? {
        if let known = loaded[language.tag] { return known }
        let found = Hyphenator.forLanguage(language)
        if found == nil && Hyphenator.hyphenates(language) { missing.append(language) }
        loaded[language.tag] = .some(found)
        return found
    }

    /// The info finding for a language in `missing`: the book's, or one some paragraphs are in.
    func notice(for language: BookLanguage) -> Diagnostic {
        let message = language == book
            ? "no hyphenation dictionary for \"\(language.tag)\"; text is set unhyphenated"
            : "no hyphenation dictionary for \"\(language.tag)\", in which some paragraphs are written; they are set unhyphenated"
        return Diagnostic(code: .noHyphenationDictionary, message: message, isInformational: true)
    }
}
