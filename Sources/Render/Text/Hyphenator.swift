import Document
import CHyphen
import Diagnostics
import Foundation

/// Dictionary hyphenation with libhyphen: inserts U+00AD soft hyphens, which Pango breaks at
/// and draws as a visible hyphen. Never touches URLs, e-mail addresses, numbers or words in
/// capitals.
final class Hyphenator {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    private let leftMinimum: Int
    private let rightMinimum: Int
    /// Words are hyphenated only from this length on: short words read better whole.
    private let shortestWord = 5
    /// The language's vowels, when known: every fragment of a broken word keeps one, as every
    /// syllable has one. libhyphen (hyphenate2, unlike pyphen on the same patterns) allows
    /// "вз-думалось", which no Russian setter would break.
    private var vowels: Set<Character> = []
    /// Each token as hyphenated, for the book: a diary repeats its words, and libhyphen with the
    /// character checks around it was a twentieth of a book's work (a Hyphenator is one thread's).
    /// Keyed by its bytes: Swift's strings are equal when canonically equivalent, and "é" typed
    /// as one character or as "e" and an accent hyphenates (and must print) as typed.
    private var hyphenated: [[UInt8]: String] = [:]
    /// Tokens remembered at most; past it the memory starts again, so it stays a few MB.
    private static let rememberedTokens = 50_000

    /// Loads a libhyphen `.dic` file; nil when it is missing or unreadable.
    init?(dictionary path: String) {
        guard let loaded = hnj_hyphen_load(path) else { return nil }
        dictionary = loaded
        guard loaded.pointee.utf8 != 0 else {
            hnj_hyphen_free(loaded)
            return nil
        }
        // Respect the dictionary's own minimum fragment lengths, and never leave fewer than two
        // letters on either side.
        leftMinimum = max(2, Int(loaded.pointee.lhmin))
        rightMinimum = max(2, Int(loaded.pointee.rhmin))
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// The dictionary shipped or installed for a language, if any.
    static func forLanguage(_ language: BookLanguage) -> Hyphenator? {
        for path in dictionaryPaths(language) {
            if FileManager.default.fileExists(atPath: path), let utf8 = HyphenationDictionaryFile.utf8(path),
               let hyphenator = Hyphenator(dictionary: utf8) {
                hyphenator.vowels = vowels(language)
                return hyphenator
            }
        }
        return nil
    }

    /// Where a language's dictionary may be, best first: Russian's ships with Folio; any other is
    /// Debian's (`hyphen-*` packages in /usr/share/hyphen), the tag's own region first, then the
    /// language's home (de_DE, fr_FR, pt_PT; en_US for English), then its bare name, then any
    /// other region's.
    static func dictionaryPaths(_ language: BookLanguage, installed folder: String = "/usr/share/hyphen") -> [String] {
        guard hyphenates(language) else { return [] }
        if language.primaryLanguage == "ru" {
            let bundled = SharedFiles.folder("Dictionaries", resources: "Folio_Render")?.path ?? "/usr/share/folio/Dictionaries"
            return [bundled + "/hyph_ru_RU.dic"]
        }
        let primary = language.primaryLanguage
        let region = language.tag.split(separator: "-").dropFirst().map(String.init)
            .first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }
        var names: [String] = []
        if let region { names.append("hyph_\(primary)_\(region).dic") }
        names.append(primary == "en" ? "hyph_en_US.dic" : "hyph_\(primary)_\(primary.uppercased()).dic")
        names.append("hyph_\(primary).dic")
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted()
        var seen = Set<String>()
        return (names + others).filter { seen.insert($0).inserted }.map { folder + "/" + $0 }
    }

    /// Whether the language's writing breaks words at a line's end with a hyphen: not Thai, Lao,
    /// Khmer or Burmese (lines break between words), Chinese, Japanese or Korean (between
    /// characters or words), Arabic, Persian, Urdu, Pashto, Hebrew or Yiddish (words stay whole),
    /// nor Vietnamese (words of one syllable).
    static func hyphenates(_ language: BookLanguage) -> Bool {
        !["th", "lo", "km", "my", "ja", "zh", "ko", "ar", "fa", "ur", "ps", "he", "yi", "vi"].contains(language.primaryLanguage)
    }

    /// Letters that carry a syllable, where Folio knows them; elsewhere the dictionary alone
    /// decides.
    static func vowels(_ language: BookLanguage) -> Set<Character> {
        switch language.primaryLanguage {
        case "en": Set("aeiouy")
        case "ru": Set("аеёиоуыэюя")
        case "uk": Set("аеєиіїоуюя")
        case "es": Set("aeiouáéíóúü")
        case "de": Set("aeiouyäöü")
        case "fr": Set("aeiouyàâéèêëîïôûùüÿœæ")
        case "it": Set("aeiouàèéìíòóù")
        case "pt": Set("aeiouáâãàéêíóôõú")
        case "nl": Set("aeiouyëïé")
        default: []
        }
    }

    /// The offsets (in characters) after which `word` may break.
    func breakPoints(_ word: String) -> [Int] {
        let scalars = Array(word.lowercased().unicodeScalars)
        guard scalars.count >= shortestWord, scalars.count == word.unicodeScalars.count else { return [] }
        // NUL-terminated although its length is given: libhyphen's left-minimum pass walks the
        // word to its NUL (past any leading digits), and without one it wrote past `hyphens`,
        // which corrupted the heap now and then (glibc's MALLOC_CHECK_ caught it in the tests).
        let bytes = Array(String(String.UnicodeScalarView(scalars)).utf8).map { CChar(bitPattern: $0) } + [0]
        let length = bytes.count - 1
        var hyphens = [CChar](repeating: 0, count: length + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate2(dictionary, bytes, Int32(length), &hyphens, nil, &rep, &pos, &cut)
        if let rep {
            for index in 0..<scalars.count { free(rep[index]) }
            free(rep)
        }
        free(pos)
        free(cut)
        guard status == 0 else { return [] }
        // For UTF-8 dictionaries the result is indexed by code point: an odd digit after
        // character i allows a break after it.
        var points: [Int] = []
        let letters = Array(word.lowercased())
        for index in 0..<scalars.count where hyphens[index] & 1 == 1 {
            let after = index + 1
            guard after >= leftMinimum && scalars.count - after >= rightMinimum else { continue }
            if !vowels.isEmpty, letters.count == scalars.count,
               !letters[..<after].contains(where: vowels.contains) || !letters[after...].contains(where: vowels.contains) { continue }
            points.append(after)
        }
        return points
    }

    /// `text` with soft hyphens at every allowed break of every eligible word.
    func hyphenate(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        // Whitespace-separated tokens decide what is exempt (URLs, addresses, numbers).
        var token = ""
        func flush() {
            result += hyphenateToken(token)
            token = ""
        }
        for character in text {
            if character.isWhitespace {
                flush()
                result.append(character)
            } else {
                token.append(character)
            }
        }
        flush()
        return result
    }

    private func hyphenateToken(_ token: String) -> String {
        let key = Array(token.utf8)
        if let known = hyphenated[key] { return known }
        let result = hyphenatedToken(token)
        if hyphenated.count >= Self.rememberedTokens { hyphenated.removeAll(keepingCapacity: true) }
        hyphenated[key] = result
        return result
    }

    private func hyphenatedToken(_ token: String) -> String {
        guard token.count >= shortestWord else { return token }
        if token.contains("://") || token.hasPrefix("www.") || token.contains("@") || token.contains("\u{AD}") {
            return token
        }
        if token.contains(where: \.isNumber) { return token }
        var output = ""
        var word = ""
        func flushWord() {
            output += hyphenateWord(word)
            word = ""
        }
        for character in token {
            if character.isLetter {
                word.append(character)
            } else {
                flushWord()
                output.append(character)
            }
        }
        flushWord()
        return output
    }

    private func hyphenateWord(_ word: String) -> String {
        guard word.count >= shortestWord else { return word }
        // Words in capitals are names, acronyms or emphasis: leave them whole.
        if word.allSatisfy({ !$0.isLowercase }) { return word }
        let points = Set(breakPoints(word))
        guard !points.isEmpty else { return word }
        var output = ""
        for (index, scalar) in word.unicodeScalars.enumerated() {
            if points.contains(index) { output += "\u{AD}" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// Pango `markup` without soft hyphens in the last word of each of its paragraphs (lines
    /// ended by a hard break count as paragraphs): a paragraph should not end on a fragment
    /// such as "спа-/ли." Tags and punctuation after the word are stepped over.
    static func keepingLastWordsWhole(_ markup: String) -> String {
        markup.split(separator: "\n", omittingEmptySubsequences: false)
            .map(keepingLastWordWhole)
            .joined(separator: "\n")
    }

    /// Walks back from the line's end over its last word only (a whole paragraph taken apart
    /// into characters cost as much as hyphenating it).
    private static func keepingLastWordWhole(_ line: Substring) -> String {
        var softHyphens: [Substring.Index] = []
        var index = line.endIndex
        var inTag = false
        var seenLetter = false
        while index > line.startIndex {
            let at = line.index(before: index)
            let character = line[at]
            if inTag {
                if character == "<" { inTag = false }
            } else if character == ">" {
                inTag = true
            } else if character.isWhitespace {
                if seenLetter { break }
            } else if character == ";", !seenLetter, let ampersand = line[..<at].lastIndex(of: "&"),
                      line[ampersand..<at].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" || $0 == "&" }) {
                // An entity after the word (&amp;, &lt;) is punctuation: step over it whole.
                index = ampersand
                continue
            } else if character == "\u{AD}" {
                softHyphens.append(at)
            } else if character.isLetter {
                seenLetter = true
            } else if seenLetter, !["-", "’", "'"].contains(character) {
                // An entity (&amp;) or punctuation before the word: the word is done.
                break
            }
            index = at
        }
        guard !softHyphens.isEmpty else { return String(line) }
        var result = ""
        result.reserveCapacity(line.utf8.count)
        var from = line.startIndex
        for softHyphen in softHyphens.reversed() {
            result += line[from..<softHyphen]
            from = line.index(after: softHyphen)
        }
        result += line[from...]
        return result
    }
}
