import Document
import Testing
@testable import Render

/// `book.language` is a BCP 47 tag of any language CLDR describes (issue 35): names and dates
/// as that language writes them, its quotation marks, its direction, its own words where Folio
/// has them, and its hyphenation dictionary where Debian has one.
@Suite struct BookLanguageTests {
    @Test(arguments: [("en", "en"), ("EN", "en"), ("pt-br", "pt-BR"), ("zh-hant-tw", "zh-Hant-TW"), ("es-419", "es-419"),
                      ("sr-Latn-RS", "sr-Latn-RS"), ("de-CH-1996", "de-CH-1996"), ("ja", "ja"), ("he", "he")])
    func wellFormedTagsOfKnownLanguagesAreTaken(_ written: String, _ canonical: String) throws {
        let language = try #require(BookLanguage(tag: written))
        #expect(language.tag == canonical)
        #expect(BookLanguage(tag: canonical) == language)
    }

    @Test(arguments: ["", "english", "en_US", "xx", "e", "en-", "en--US", "en-US-", "toolong", "12", "en-Latn-Latn", "qaa"])
    func otherTagsAreRefused(_ written: String) {
        #expect(BookLanguage(tag: written) == nil, "\(written)")
    }

    /// Random strings never crash the reading, and what it takes it takes again unchanged.
    @Test func randomTagsAreReadSafely() {
        var random = FuzzRandom(seed: 35)
        let pieces = ["en", "de", "zh", "Hant", "CH", "419", "1996", "-", "_", "x", "ABCDEFGHI", "é", "😀", "", "--"]
        for _ in 0..<5_000 {
            let tag = (0..<random.next(6)).map { _ in random.pick(pieces) }.joined()
            guard let language = BookLanguage(tag: tag) else { continue }
            #expect(BookLanguage(tag: language.tag)?.tag == language.tag, "\(tag)")
        }
    }

    @Test func englishRussianAndSpanishPrintAsTheyAlwaysHave() throws {
        let day = LocalDateTime(year: 2025, month: 1, day: 3, hour: 9, minute: 0)
        #expect(BookLanguage.english.entryDate(day) == "Friday, 3 January 2025")
        #expect(BookLanguage.russian.entryDate(day) == "Пятница, 3 января 2025")
        #expect(BookLanguage.spanish.entryDate(day) == "Viernes, 3 de enero de 2025")
        #expect(BookLanguage.russian.chapterTitle(year: 2025, month: 1) == "Январь 2025")
        #expect(try #require(BookLanguage(tag: "en-US")).entryDate(day) == "Friday, 3 January 2025")
    }

    @Test(arguments: [("de", "Freitag, 3. Januar 2025", "Januar 2025"), ("fr", "Vendredi 3 janvier 2025", "Janvier 2025"),
                      ("ja", "2025年1月3日 金曜日", "2025年1月"), ("ko", "2025년 1월 3일 금요일", "2025년 1월"),
                      ("el", "Παρασκευή 3 Ιανουαρίου 2025", "Ιανουάριος 2025"), ("he", "יום שישי, 3 בינואר 2025", "ינואר 2025")])
    func otherLanguagesWriteDatesAsCLDRDoes(_ tag: String, _ date: String, _ chapter: String) throws {
        let language = try #require(BookLanguage(tag: tag))
        #expect(language.entryDate(LocalDateTime(year: 2025, month: 1, day: 3, hour: 9, minute: 0)) == date)
        #expect(language.chapterTitle(year: 2025, month: 1) == chapter)
    }

    @Test func quotationMarksDirectionAndWordsFollowTheLanguage() throws {
        func language(_ tag: String) throws -> BookLanguage { try #require(BookLanguage(tag: tag)) }
        #expect(try language("de").quotationMarks == ("„", "“"))
        #expect(try language("ja").quotationMarks == ("「", "」"))
        #expect(try language("fr").quotationMarks == ("«\u{202F}", "\u{202F}»"))
        #expect(BookLanguage.russian.quotationMarks == ("«", "»"))
        #expect(try language("tr").uppercased("istanbul") == "İSTANBUL" && language("el").uppercased("Πέμπτη") == "ΠΕΜΠΤΗ")
        #expect(try language("ar").isRightToLeft && language("he").isRightToLeft && !BookLanguage.english.isRightToLeft)
        #expect(try language("ja").contentsWord == "目次" && language("zh-TW").contentsWord == "目錄" && language("zh").contentsWord == "目录")
        // Swahili: CLDR names its months, Folio has no words of its own in it.
        let swahili = try language("sw")
        #expect(!swahili.hasOwnWords && swahili.contentsWord == "Contents" && swahili.monthNames[0] == "Januari")
    }

    /// Debian's dictionaries are found by the tag: its region first, then the language's home.
    @Test func hyphenationDictionariesAreFoundByTheTag() throws {
        let swiss = try #require(BookLanguage(tag: "de-CH"))
        #expect(Hyphenator.dictionaryPaths(swiss).prefix(2) == ["/usr/share/hyphen/hyph_de_CH.dic", "/usr/share/hyphen/hyph_de_DE.dic"])
        for tag in ["de", "fr", "el", "hi", "pt-BR", "it", "nl", "pl", "uk"] {
            #expect(Hyphenator.forLanguage(try #require(BookLanguage(tag: tag))) != nil, "no dictionary for \(tag)")
        }
        for tag in ["ja", "th", "ar"] {
            #expect(Hyphenator.forLanguage(try #require(BookLanguage(tag: tag))) == nil, "\(tag)")
        }
    }
}

extension BookLanguageTests {
    /// Dictionaries Debian ships in a legacy charset (German's ISO 8859-1, Greek's 8859-7,
    /// Polish's 8859-2) are read in UTF-8 like the others, so their words with accents break
    /// where the patterns say.
    @Test(arguments: [("de", "Brüderlichkeit", "Brü-der-lich-keit"), ("el", "δικαιώματα", "δι-καιώμα-τα"),
                      ("pl", "przyrodzonej", "przy-ro-dzo-nej"), ("fr", "fraternité", "fra-ter-ni-té")])
    func legacyDictionariesBreakAccentedWords(_ tag: String, _ word: String, _ expected: String) throws {
        let language = try #require(BookLanguage(tag: tag))
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        var broken = ""
        let points = Set(hyphenator.breakPoints(word))
        for (offset, character) in word.enumerated() {
            broken.append(character)
            if points.contains(offset + 1) { broken.append("-") }
        }
        #expect(broken == expected)
    }
}
