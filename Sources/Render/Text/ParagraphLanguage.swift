import Document

/// The language a paragraph is set in: the book's, unless the paragraph is written mostly in
/// another script than the book's language uses, as a Russian entry in an English diary is.
/// Then the script says the language (Cyrillic Russian, or Ukrainian or Belarusian by their own
/// letters; Greek; Latin English; Devanagari Hindi…), as Pango itself guesses a run's language
/// from its script, and the paragraph is hyphenated and quoted by that language's rules.
enum ParagraphLanguage {
    enum Script: Hashable {
        case latin, cyrillic, greek, armenian, hebrew, arabic, devanagari, thai, georgian, hangul, kana, han
    }

    /// `text`'s language in a book set in `book`.
    static func of(_ text: String, in book: BookLanguage) -> BookLanguage {
        var counts: [Script: Int] = [:]
        var letters = 0
        for scalar in text.unicodeScalars {
            guard let script = script(of: scalar) else { continue }
            counts[script, default: 0] += 1
            letters += 1
        }
        guard let (dominant, count) = counts.max(by: { $0.value < $1.value }), count * 2 > letters,
              dominant != script(of: book) else { return book }
        return language(for: dominant, text: text) ?? book
    }

    /// The script the book's language writes its month names in.
    static func script(of language: BookLanguage) -> Script? {
        var counts: [Script: Int] = [:]
        for scalar in language.monthNames.joined().unicodeScalars {
            if let script = script(of: scalar) { counts[script, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value }?.key
    }

    /// The languages a script can say, each read from CLDR once.
    private static let known: [String: BookLanguage] = Dictionary(
        uniqueKeysWithValues: ["en", "ru", "uk", "be", "el", "hy", "he", "ar", "hi", "th", "ka", "ko", "ja", "zh"]
            .compactMap { tag in BookLanguage(tag: tag).map { (tag, $0) } })

    private static func language(for dominant: Script, text: String) -> BookLanguage? {
        let tag: String
        switch dominant {
        case .latin: tag = "en"
        case .cyrillic:
            // Letters only Ukrainian (і ї є ґ) or Belarusian (ў) write.
            let scalars = Set(text.lowercased().unicodeScalars)
            tag = scalars.contains("ў") ? "be" : scalars.contains { "іїєґ".unicodeScalars.contains($0) } ? "uk" : "ru"
        case .greek: tag = "el"
        case .armenian: tag = "hy"
        case .hebrew: tag = "he"
        case .arabic: tag = "ar"
        case .devanagari: tag = "hi"
        case .thai: tag = "th"
        case .georgian: tag = "ka"
        case .hangul: tag = "ko"
        case .kana: tag = "ja"
        case .han: tag = text.unicodeScalars.contains { Self.script(of: $0) == .kana } ? "ja" : "zh"
        }
        return known[tag]
    }

    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF: .latin
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x530...0x58F: .armenian
        case 0x591...0x5FF, 0xFB1D...0xFB4F: .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: .arabic
        case 0x900...0x97F: .devanagari
        case 0xE00...0xE7F: .thai
        case 0x10A0...0x10FF: .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: .hangul
        case 0x3040...0x30FF: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: .han
        default: nil
        }
    }
}
