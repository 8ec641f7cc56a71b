import Foundation

/// Text reduced to what the completeness check compares: the letters, marks and digits of each
/// word, in order (NFC, ASCII letters folded to lower case). Spacing, punctuation, hyphens a
/// line break added, quotes a typographer curled, bullets and symbols all fall away, so only a
/// word that is missing or changed can make two texts differ. Right-to-left letters come out of
/// a PDF in visual order, so each run of them is compared as the letters it holds (sorted),
/// in logical and visual order alike.
struct WordText {
    /// Every kept character, words run together.
    var characters: [UInt32] = []
    /// Where each whitespace-separated word starts in `characters` (words with nothing kept are
    /// left out): how a finding names the first missing words.
    var tokenStarts: [Int] = []

    init() {}

    init(_ text: String) {
        append(text)
    }

    /// Adds `text`; its first character starts a new token.
    mutating func append(_ text: String) {
        // Composing is costly and changes nothing without combining marks: most pages have none.
        let composed = Self.needsComposition(text) ? text.precomposedStringWithCanonicalMapping : text
        var inToken = false
        var rightToLeft: [UInt32] = []
        for scalar in composed.unicodeScalars {
            if !rightToLeft.isEmpty, !Self.isRightToLeft(scalar.value), !scalar.properties.isWhitespace, isKept(scalar) {
                characters += rightToLeft.sorted()
                rightToLeft = []
            }
            if scalar.isASCII {
                let value = scalar.value
                if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                    keep(value, &inToken)
                } else if (0x41...0x5A).contains(value) {
                    keep(value + 0x20, &inToken)
                } else if value == 0x20 || (0x09...0x0D).contains(value) {
                    inToken = false
                }
                continue
            }
            if scalar.properties.isWhitespace {
                inToken = false
                continue
            }
            guard isKept(scalar) else { continue }
            if Self.isRightToLeft(scalar.value) {
                if rightToLeft.isEmpty { keep(scalar.value, &inToken); characters.removeLast() }
                rightToLeft.append(scalar.value)
            } else {
                keep(scalar.value, &inToken)
            }
        }
        characters += rightToLeft.sorted()
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
        default:
            return false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
    private static func isRightToLeft(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }

    private mutating func keep(_ value: UInt32, _ inToken: inout Bool) {
        if !inToken {
            tokenStarts.append(characters.count)
            inToken = true
        }
        characters.append(value)
    }
}
