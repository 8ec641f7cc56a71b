import Foundation

/// Text reduced to what the completeness check compares: the letters, marks, digits and emoji of
/// each word, in order (NFC, ASCII letters folded to lower case). Spacing, punctuation, hyphens a
/// line break added, quotes a typographer curled, bullets and symbols all fall away, so only a
/// word that is missing or changed can make two texts differ. Arabic presentation forms are read
/// as the letters they draw (NFKC). Right-to-left text is compared in its written order like any
/// other: Folio's interior writes it so (`SetLine.runs`).
struct WordText {
    /// Every kept character, words run together.
    var characters: [UInt32] = []
    /// Where each whitespace-separated word starts in `characters` (words with nothing kept are
    /// left out): how a finding names the first missing words. 32 bits: a decade's EPUB read
    /// whole keeps a million of them.
    var tokenStarts: [Int32] = []
    /// Where each line of the text ends in `characters` (a block of the entry: a paragraph, a
    /// list item, a table cell): where the book may set a photo, a caption or a page turn.
    var lineEnds: [Int32] = []

    init() {}

    init(_ text: String) {
        append(text)
    }

    /// Adds `text`; its first character starts a new token.
    mutating func append(_ text: String) {
        // Composing is costly and changes nothing without combining marks: most pages have none.
        let composed = Self.hasPresentationForms(text) ? Self.presentationFormsAsLetters(text).precomposedStringWithCanonicalMapping
            : Self.needsComposition(text) ? text.precomposedStringWithCanonicalMapping : text
        var inToken = false
        for scalar in composed.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                    keep(value, &inToken)
                } else if (0x41...0x5A).contains(value) {
                    keep(value + 0x20, &inToken)
                } else if value == 0x20 || (0x09...0x0D).contains(value) {
                    inToken = false
                    if value == 0x0A, lineEnds.last != Int32(characters.count) { lineEnds.append(Int32(characters.count)) }
                } else if value > 0x20, value < 0x7F, !Self.restyled.contains(value) {
                    keep(value, &inToken)
                }
                continue
            }
            if scalar.properties.isWhitespace {
                inToken = false
                continue
            }
            if scalar.value == 0x2026 {
                // An ellipsis is three full stops, however it was typed.
                for _ in 0..<3 { keep(0x2E, &inToken) }
                continue
            }
            guard isKept(scalar) else { continue }
            keep(scalar.value, &inToken)
        }
    }

    /// Whether `text` holds Arabic or Hebrew presentation forms (a PDF may give a ligature's).
    private static func hasPresentationForms(_ text: String) -> Bool {
        text.unicodeScalars.contains { isPresentationForm($0.value) }
    }

    /// `text` with each presentation form as the letters it draws (NFKC of that scalar alone):
    /// NFKC of the whole would also change what the writer wrote (`nº`, `x²`, `ﬁ`).
    private static func presentationFormsAsLetters(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isPresentationForm(scalar.value) {
                result.append(contentsOf: String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isPresentationForm(_ value: UInt32) -> Bool {
        (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }

    /// Whether NFC could change `text`: it holds a combining mark or a Hangul jamo.
    private static func needsComposition(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.value >= 0x300 {
            if (0x1100...0x11FF).contains(scalar.value) { return true }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: continue
            }
        }
        return false
    }

    private func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        // Variation selectors (❤️ is U+2764 U+FE0F) and the keycap mark choose how a symbol is
        // drawn; a PDF's text gives the symbol without them. They are marks, not letters.
        if (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value) || scalar.value == 0x20E3 {
            return false
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
             .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        case .otherPunctuation, .openPunctuation, .closePunctuation, .connectorPunctuation, .mathSymbol, .currencySymbol:
            // What the writer punctuated (¿ ¡ « » aside, which a language's quotation marks
            // restyle): a lost question mark or bracket is a change of what they said.
            return !Self.restyledQuotes.contains(scalar.value)
        case .otherSymbol:
            // An emoji or a pictograph is part of what the writer said (❤ ⭐ 👍); symbols the
            // book adds (☐ ☑) are only ever extra, which the walk allows.
            return scalar.properties.isEmoji
        case .modifierSymbol:
            // Skin tones (👍🏽).
            return (0x1F3FB...0x1F3FF).contains(scalar.value)
        default:
            return false
        }
    }

    /// ASCII marks the book restyles: quotes (curled, or made a language's own), the hyphen (a
    /// dash, or added at a line's end).
    private static let restyled: Set<UInt32> = [0x22, 0x27, 0x2D, 0x60]
    /// Quotation marks a language sets in place of others (« » „ ‚ ‹ › 「 」 『 』 〝 〞 〟 ＂ ＇), and
    /// the bullets and middle dots the book sets itself (list markers, a head's "·", a table's
    /// cells set as a line), which a writer's own cannot be told from.
    private static let restyledQuotes: Set<UInt32> = [0xAB, 0xBB, 0x201A, 0x201E, 0x2039, 0x203A, 0x300C, 0x300D, 0x300E, 0x300F,
                                                      0x301D, 0x301E, 0x301F, 0xFF02, 0xFF07,
                                                      0x2022, 0x2023, 0x2043, 0x25E6, 0x00B7]

    private mutating func keep(_ value: UInt32, _ inToken: inout Bool) {
        if !inToken {
            tokenStarts.append(Int32(characters.count))
            inToken = true
        }
        characters.append(value)
    }
}
