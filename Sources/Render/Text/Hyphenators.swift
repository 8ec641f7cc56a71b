import Document

/// Each language's hyphenator, loaded once per book when a paragraph first asks for it, and the
/// hyphenated languages it found no dictionary for (an info finding each).
final class Hyphenators {
    private var loaded: [String: Hyphenator?] = [:]
    private(set) var missing: [BookLanguage] = []

    /// `book`'s own dictionary is the one the book was given.
    init(book: BookLanguage, hyphenator: Hyphenator?) {
        loaded[book.tag] = .some(hyphenator)
    }

    func hyphenator(for language: BookLanguage) -> Hyphenator? {
        if let known = loaded[language.tag] { return known }
        let found = Hyphenator.forLanguage(language)
        if found == nil && Hyphenator.hyphenates(language) { missing.append(language) }
        loaded[language.tag] = .some(found)
        return found
    }
}
