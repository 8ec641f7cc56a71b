import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
@testable import Render
import Prepress

@Suite struct TypesettingTests {
    /// Keeps each test's workspace (and so its files) alive until the test ends.
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    func render(_ entries: [[String: Any]], language: String = "en") throws -> (report: JobReport, pdf: URL) {
        let name = "anna-\(UUID().uuidString)"
        try workspace.writeExport(name, journal: Sample.journal(entries))
        let (report, folder) = try workspace.render(Sample.order(export: name, language: language), name: name)
        return (report, folder.appendingPathComponent("interior.pdf"))
    }

    @Test func everyScriptIsSetWithoutBitmapFonts() throws {
        let (report, pdf) = try render([
            Sample.entry("mix", "2025-01-03T08:15:00Z",
                         text: "Καλημέρα κόσμε. שלום עולם. مرحبا بالعالم. 你好，世界。 こんにちは. Ñandú, Łódź, Ærø. 😀🎉"),
            Sample.entry("emoji", "2025-01-04T08:15:00Z", text: "😀😀😀🎉🎉🎉🐈"),
        ])
        #expect(report.status == .done, "\(String(describing: report.error))")
        try PDFChecks.expectPrintReady(pdf)
        let fonts = try Tool.run("pdffonts", [pdf.path]).output
        #expect(!fonts.contains("Type 3"), "a bitmap font slipped in:\n\(fonts)")
        // CJK text may break between any two characters: read the text without line ends.
        let text = try Tool.pdfText(pdf).joined().replacingOccurrences(of: "\n", with: "")
        for word in ["Καλημέρα", "你好", "こんにちは", "Łódź", "😀"] { #expect(text.contains(word), "\(word)") }
        #expect(text.contains("ש") && text.contains("م"))
        #expect(!report.preflight.contains { $0.code == "missing-glyphs" })
    }

    @Test func aCharacterNoFontHasIsReportedWithItsEntry() throws {
        let (report, _) = try render([Sample.entry("odd", "2025-01-03T08:15:00Z", text: "Private use: \u{10FFFD} here.")])
        #expect(report.status == .done)
        let finding = try #require(report.preflight.first { $0.code == "missing-glyphs" })
        #expect(finding.entry == "odd")
        #expect(finding.severity == .warning)
        // On the page it stands on, naming it.
        #expect(finding.page != nil && finding.message.contains("U+10FFFD"), "\(finding)")
    }

    /// An emoji newer than Debian's Noto Color Emoji (U+1FAE9, Unicode 16) is a finding on its
    /// page naming it, left blank rather than boxed or spelled in hex digits, its code point kept
    /// in the text; any other character no font has is still boxed.
    @Test func anEmojiNoFontHasIsAFindingNeverABox() throws {
        let (report, pdf) = try render([Sample.entry("tired", "2025-01-03T08:15:00Z", text: "Tired \u{1FAE9} and private \u{10FFFD} today.")])
        #expect(report.status == .done, "\(String(describing: report.error))")
        let finding = try #require(report.preflight.first { $0.code == "missing-glyphs" })
        #expect(finding.page != nil && finding.message.contains("U+1FAE9") && finding.message.contains("U+10FFFD"), "\(finding)")
        let text = try Tool.pdfText(pdf).joined()
        #expect(!text.contains("1FAE9") && !text.contains("10FFFD"), "\(text.suffix(200))")
        // Its code point is the text of the blank it left (poppler shows no text without a glyph).
        let expanded = workspace.root.appendingPathComponent("tired-qdf.pdf")
        #expect(try Tool.run("qpdf", ["--qdf", "--object-streams=disable", pdf.path, expanded.path]).status == 0)
        #expect(try Data(contentsOf: expanded).range(of: Data("/ActualText <feffd83edee9>".utf8)) != nil)
        let engine = TextEngine(typography: Typography(), language: .english)
        let line = try #require(engine.paragraph(markup: "Tired \u{1FAE9} and \u{10FFFD}.", font: engine.typography.font(.body), width: 400).setLine(0))
        let missing = line.runs.flatMap(\.missing)
        #expect(missing.map(\.character) == [0x1FAE9, 0x10FFFD])
        #expect(missing.map { $0.box == nil } == [true, false])
    }

    @Test func pathologicalEntriesRenderOrAreReported() throws {
        let (report, pdf) = try render([
            Sample.entry("word", "2025-01-03T08:15:00Z", text: String(repeating: "x", count: 20_000)),
            Sample.entry("empty-lines", "2025-01-04T08:15:00Z", text: String(repeating: "\n", count: 3_000)),
            Sample.entry("rtl", "2025-01-05T08:15:00Z", text: "English, then עברית ועוד, then العربية, then English again. " + String(repeating: "שלום world ", count: 200)),
            Sample.entry("controls", "2025-01-06T08:15:00Z", text: "bell\u{07} escape\u{1B} nul-free \u{FEFF}text"),
            Sample.entry("deep-quotes", "2025-01-07T08:15:00Z", text: String(repeating: "> ", count: 20_000) + "at the bottom"),
            Sample.entry("deep-lists", "2025-01-08T08:15:00Z",
                         text: (0..<200).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n")),
        ])
        #expect(report.status == .done, "\(String(describing: report.error))")
        try PDFChecks.expectPrintReady(pdf)
    }

    @Test func aTenMegabyteEntryIsRefusedQuicklyAndClearly() throws {
        let paragraph = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 25) + "\n\n"
        let text = String(repeating: paragraph, count: 10_000_000 / paragraph.utf8.count + 1)
        let (report, _) = try render([Sample.entry("huge", "2025-01-03T08:15:00Z", text: text),
                                      Sample.entry("small", "2025-01-04T08:15:00Z")])
        #expect(report.status == .failed)
        #expect(report.error?.code == "page-limit-exceeded")
        #expect(report.error?.message.contains("allows at most 800") == true)
    }

    /// A paragraph never ends on a fragment ("спа-/ли."): its last word keeps no soft hyphen,
    /// through tags and punctuation; every other word keeps its breaks.
    @Test func theLastWordOfAParagraphIsNotHyphenated() throws {
        let hyphen = "\u{AD}"
        #expect(Hyphenator.keepingLastWordsWhole("a mid\(hyphen)dle of <i>sen\(hyphen)ten\(hyphen)ces</i>.")
                == "a mid\(hyphen)dle of <i>sentences</i>.")
        #expect(Hyphenator.keepingLastWordsWhole("first li\(hyphen)ne\nneigh\(hyphen)bour’s") == "first line\nneighbour’s")
        #expect(Hyphenator.keepingLastWordsWhole("мы спа\(hyphen)ли.") == "мы спали.")
        #expect(Hyphenator.keepingLastWordsWhole("beau\(hyphen)ti\(hyphen)ful &amp;") == "beautiful &amp;")
        #expect(Hyphenator.keepingLastWordsWhole("an ex\(hyphen)am\(hyphen)ple (&lt;)") == "an example (&lt;)")
        // A letter with its accent as a second character is one letter of the word.
        #expect(Hyphenator.keepingLastWordsWhole("ca\(hyphen)fe\u{301} au re\(hyphen)sume\u{301}") == "ca\(hyphen)fe\u{301} au resume\u{301}")
        #expect(Hyphenator.keepingLastWordsWhole("les ca\(hyphen)fe\u{301}s") == "les cafe\u{301}s")
        #expect(Hyphenator.keepingLastWordsWhole("\n\nno hyphen here\n") == "\n\nno hyphen here\n")
        let reader = MarkdownReader(language: .russian, hyphenators: Hyphenators(book: .russian))
        guard case .paragraph(let markup, _)? = reader.blocks(from: "Мы долго разговаривали, а потом спали.").first else {
            Issue.record("no paragraph")
            return
        }
        #expect(markup.contains("раз\(hyphen)") && markup.hasSuffix("спали."), "\(markup)")
    }

    /// A word hyphenates the same whether the hyphenator has met it before or not, whatever
    /// surrounds it: what it remembers are the book's words, not its sentences.
    @Test func aRememberedWordHyphenatesAsANewOne() throws {
        let text = try String(contentsOf: corpusRoot.appendingPathComponent("text/ru_gogol_zapiski_sumasshedshego_1835.txt"), encoding: .utf8)
        let paragraphs = text.split(separator: "\n").filter { $0.count > 40 }.map(String.init)
        let remembering = try #require(Hyphenator.forLanguage(.russian))
        _ = paragraphs.reversed().map(remembering.hyphenate)
        var differences: [String] = []
        for paragraph in paragraphs {
            let fresh = try #require(Hyphenator.forLanguage(.russian))
            let (again, new) = (remembering.hyphenate(paragraph), fresh.hyphenate(paragraph))
            if again != new { differences.append(again) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(2))")
        // "é" as one character and as "e" with an accent: equal as Swift strings, not to
        // libhyphen, and each printed as typed, whichever the hyphenator met first.
        let language = try #require(BookLanguage(tag: "fr"))
        let french = try #require(Hyphenator.forLanguage(language))
        let (composed, decomposed) = ("d\u{E9}sesp\u{E9}r\u{E9}ment", "de\u{301}sespe\u{301}re\u{301}ment")
        for (first, second) in [(composed, decomposed), (decomposed, composed)] {
            let remembering = try #require(Hyphenator.forLanguage(language))
            _ = remembering.hyphenate(first)
            let again = remembering.hyphenate(second)
            #expect(Array(again.unicodeScalars.filter { $0 != "\u{AD}" }) == Array(second.unicodeScalars), "\(again.unicodeScalars.map(\.value))")
            #expect(Array(again.unicodeScalars) == Array(french.hyphenate(second).unicodeScalars))
        }
        #expect(paragraphs.count >= 40 && paragraphs.map(remembering.hyphenate).joined().filter { $0 == "\u{AD}" }.count > 500)
    }

    /// Never more than three hyphenated lines in a row: a narrow measure of long Russian words
    /// would give a ladder all the way down.
    @Test func hyphenatedLinesNeverStackBeyondThree() throws {
        // Without margin kerning, whose hyphens hang past the measure on purpose.
        var typography = Typography()
        typography.marginKerning = false
        let engine = TextEngine(typography: typography, language: .russian)
        let hyphenator = try #require(Hyphenator.forLanguage(.russian))
        let text = hyphenator.hyphenate(String(repeating: "интернационализация достопримечательности ", count: 12))
        let style = ParagraphStyle(alignment: .justified)
        let paragraph = engine.paragraph(markup: text, font: engine.typography.font(.body), width: 150, style: style)
        let ends = HyphenLadder.hyphenatedLineEnds(paragraph.layout)
        var run = 0, longest = 0, total = 0
        for hyphenated in ends {
            run = hyphenated ? run + 1 : 0
            longest = max(longest, run)
            total += hyphenated ? 1 : 0
        }
        #expect(longest <= HyphenLadder.longestRun, "\(longest) hyphenated lines in a row")
        #expect(total >= 6, "only \(total) lines end hyphenated: the words lost all their breaks")
        // From the glyphs themselves, not Folio's own record of the widths.
        #expect(paragraph.measuredRightEdges.allSatisfy { $0 <= 150.01 }, "\(paragraph.measuredRightEdges)")
    }

    /// A paragraph no set of breaks can justify within the tolerance (an address three quarters
    /// of the measure wide after a one-letter word) is set with the least-bad breaks and named
    /// with its page as an `info`, which does not fail the job; an ordinary one is not.
    @Test func aLooseParagraphIsNamedWithItsPage() throws {
        let address = "https://example.org/" + String(repeating: "abcdefgh", count: 3) + "abcdef"
        let (report, _) = try render([
            Sample.entry("calm", "2025-01-03T08:15:00Z", text: "An ordinary day with ordinary words, set as evenly as ever."),
            Sample.entry("url", "2025-01-04T08:15:00Z", text: "I \(address) and then we went home for supper."),
        ])
        #expect(report.status == .done, "\(String(describing: report.error))")
        let loose = report.preflight.filter { $0.code == "paragraph-loose" }
        #expect(loose.count == 1, "\(report.preflight)")
        #expect(loose.first?.severity == .info)
        #expect(loose.first?.entry == "url")
        #expect((loose.first?.page ?? 0) >= 1)
    }

    /// Every fragment of a hyphenated word keeps a vowel: libhyphen alone would allow "вз-думалось".
    @Test func aBrokenWordKeepsAVowelOnEachSide() throws {
        let russian = try #require(Hyphenator.forLanguage(.russian))
        #expect(russian.breakPoints("вздумалось") == [4, 6])
        let english = try #require(Hyphenator.forLanguage(.english))
        for word in ["strengths", "extraordinarily", "hyphenation"] {
            let letters = Array(word)
            for point in english.breakPoints(word) {
                #expect(letters[..<point].contains(where: "aeiouy".contains) && letters[point...].contains(where: "aeiouy".contains))
            }
        }
    }

    /// Digits lead libhyphen to walk the word to its NUL; the word is given one, so a word that
    /// starts with digits is read within its bytes and never broken inside or right after them.
    @Test func wordsThatStartWithDigitsAreReadWithinTheirBytes() throws {
        for language in [BookLanguage.english, .russian] {
            let hyphenator = try #require(Hyphenator.forLanguage(language))
            for word in ["12345", "2025th", "1980х", "123456789012345678901234567890", "42ответа", "7extraordinarily"] {
                let digits = word.prefix { $0.isNumber }.count
                for point in hyphenator.breakPoints(word) {
                    #expect(point > digits + 1, "\(word): a break after \(point)")
                }
            }
        }
    }

    @Test func quotationMarksFollowTheLanguage() throws {
        let (_, ru) = try render([Sample.entry("q", "2025-01-03T08:15:00Z", text: "Он сказал: \"привет\" -- и ушёл.")], language: "ru")
        let text = try Tool.pdfText(ru).joined()
        #expect(text.contains("«привет»"))
        #expect(text.contains("–") || text.contains("—"))
        let (_, en) = try render([Sample.entry("q", "2025-01-03T08:15:00Z", text: "He said \"hello\" and left.")])
        #expect(try Tool.pdfText(en).joined().contains("\u{201C}hello\u{201D}"))
    }

    @Test func markdownStructureIsSet() throws {
        let (report, pdf) = try render([Sample.entry("md", "2025-01-03T08:15:00Z", text: """
            # A heading inside an entry

            Some *emphasis* and **strong** words, and `code`.

            > A quotation that is long enough to wrap across more than one line of the page, so that its indent shows.

            - first item
            - second item

            1. one
            2. two

            ---

            Line one\\
            line two
            """)])
        #expect(report.status == .done)
        let text = try Tool.pdfText(pdf).joined()
        for fragment in ["A heading inside an entry", "emphasis", "strong", "code", "•", "first item", "1.", "two", "Line one\nline two"] {
            #expect(text.contains(fragment), "\(fragment)")
        }
        #expect(!text.contains("**") && !text.contains("# A"))
    }

    @Test func hyphenationSkipsWhatMustStayWhole() throws {
        let hyphenator = try #require(Hyphenator.forLanguage(.english))
        #expect(hyphenator.hyphenate("https://example.com/typesetting") == "https://example.com/typesetting")
        #expect(hyphenator.hyphenate("someone@typesetting.org") == "someone@typesetting.org")
        #expect(hyphenator.hyphenate("HYPHENATION") == "HYPHENATION")
        #expect(hyphenator.hyphenate("1234567890abc") == "1234567890abc")
        #expect(hyphenator.hyphenate("hyphenation").contains("\u{AD}"))
        let russian = try #require(Hyphenator.forLanguage(.russian))
        #expect(russian.hyphenate("государственная") == "го\u{AD}су\u{AD}дар\u{AD}ствен\u{AD}ная")
        let spanish = try #require(Hyphenator.forLanguage(.spanish))
        #expect(spanish.hyphenate("expedición").contains("\u{AD}"))
    }
}

@Suite struct LanguageTypographyTests {
    @Test func russianBindsShortWordsAndUsesEmDashes() {
        let typography = LanguageTypography(language: .russian)
        #expect(typography.apply("Я пришла в дом и увидела кота") == "Я\u{A0}пришла в\u{A0}дом и\u{A0}увидела кота")
        #expect(typography.apply("Это \u{201C}он\u{201D} \u{2013} сказала") == "Это «он»\u{A0}\u{2014} сказала")
        #expect(typography.apply("весь") == "весь")
    }

    @Test func spanishBindsShortWords() {
        #expect(LanguageTypography(language: .spanish).apply("pan y vino a la mesa") == "pan y\u{A0}vino a\u{A0}la mesa")
    }

    @Test func englishIsLeftAlone() {
        #expect(LanguageTypography(language: .english).apply("a cat and I went") == "a cat and I went")
    }
}

@Suite struct TypefaceRegistryTests {
    @Test func aProductCanChangeTheTypefaces() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/products/a5-softcover.json")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        product["typefaces"] = ["serif": "Noto Serif", "sans": "DejaVu Sans"]
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        try workspace.writeExport("anna", journal: Sample.journal([Sample.entry("e1", "2025-01-03T08:15:00Z", text: "Words in another face.", title: "A title")]))
        let (report, folder) = try workspace.render(Sample.order())
        #expect(report.status == .done)
        let fonts = try Tool.run("pdffonts", [folder.appendingPathComponent("interior.pdf").path]).output
        #expect(fonts.contains("NotoSerif") && fonts.contains("DejaVuSans"), "\(fonts)")
        #expect(!fonts.contains("Inter-Regular") && !fonts.contains("EBGaramond"))
        product["typefaces"] = ["display": "X"]
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        #expect(throws: InputError.self) { _ = try workspace.config.product("a5-softcover") }
    }
}

@Suite struct MarginKerningKeyTests {
    /// `margin_kerning` is on unless a product turns it off, and must be a boolean.
    @Test func aProductCanTurnMarginKerningOff() throws {
        let workspace = try Workspace()
        #expect(try workspace.config.product("a5-softcover").marginKerning)
        let file = workspace.root.appendingPathComponent("config/products/a5-softcover.json")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        product["margin_kerning"] = false
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        let off = try workspace.config.product("a5-softcover")
        #expect(!off.marginKerning)
        #expect(!Typography(product: off).marginKerning)
        product["margin_kerning"] = "yes"
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        #expect(throws: (any Error).self) { try workspace.config.product("a5-softcover") }
    }
}
