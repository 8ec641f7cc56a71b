import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Render

/// Whole-paragraph breaking as Pango sets it: the breaks reach Pango, the words stay in order,
/// punctuation hangs, and what the breaker cannot set keeps Pango's own breaking.
@Suite struct WholeParagraphTests {
    static let english = """
        It rained all morning, so we stayed in and read the letters Grandmother had kept in the \
        biscuit tin: forty years of birthdays, weather, recipes and complaints about the neighbours' \
        extraordinarily inconsiderate hedge. By the afternoon the sky had cleared and we walked to the \
        lighthouse, where the keeper's daughter, now seventy-two, still remembers the storm of 1953.
        """
    static let russian = """
        Утром шёл дождь, и мы остались дома читать письма, которые бабушка хранила в жестяной коробке \
        из-под печенья: сорок лет дней рождения, погоды, рецептов и жалоб на соседей, кто-то из которых \
        посадил совершенно непроходимую живую изгородь. К вечеру небо прояснилось, и мы пошли к маяку, \
        где дочь смотрителя, которой теперь семьдесят два года, до сих пор помнит шторм пятьдесят третьего.
        """

    func paragraph(_ text: String, language: BookLanguage, width: Double = 300, kerning: Bool = true,
                   indent: Double = 0) throws -> MeasuredParagraph {
        var typography = Typography()
        typography.marginKerning = kerning
        let engine = TextEngine(typography: typography, language: language)
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        let markup = Hyphenator.keepingLastWordsWhole(hyphenator.hyphenate(PangoMarkup.escape(text)))
        return engine.paragraph(markup: markup, font: typography.font(.body), width: width,
                                style: ParagraphStyle(alignment: .justified, firstLineIndent: indent))
    }

    @Test(arguments: [(WholeParagraphTests.english, BookLanguage.english), (WholeParagraphTests.russian, .russian)])
    func everyWordReachesItsLineInOrder(_ text: String, _ language: BookLanguage) throws {
        for width in [180.0, 245, 300] {
            let set = try paragraph(text, language: language, width: width, indent: 15)
            let outcome = try #require(set.wholeParagraph, "width \(width): Pango's own breaking was kept")
            let lines = set.lineTexts
            #expect(lines.count == outcome.lineCount && lines.count == set.lines.count)
            // The lines, read in order without soft hyphens, are the paragraph word for word.
            let words = lines.joined().replacingOccurrences(of: "\u{AD}", with: "").split(whereSeparator: \.isWhitespace)
            #expect(words == text.split(whereSeparator: \.isWhitespace), "width \(width)")
        }
    }

    /// No line has a mean word space over twice the paragraph's median (the measure of
    /// "loose") on measures about the book's (320 pt).
    @Test func noLineIsTwiceAsLooseAsTheMedian() throws {
        for (text, language) in [(Self.english, BookLanguage.english), (Self.russian, .russian)] {
            for width in stride(from: 260.0, through: 340, by: 10) {
                let set = try paragraph(text, language: language, width: width, kerning: false)
                let gaps = set.lineTexts.enumerated().dropLast().map { index, line in
                    let spaces = line.trimmingCharacters(in: .whitespaces).filter { $0 == " " }.count
                    return spaces == 0 ? 0 : (width - wordsWidth(line)) / Double(spaces)
                }
                let median = gaps.sorted()[gaps.count / 2]
                #expect(gaps.allSatisfy { $0 <= max(2 * median, 1) }, "width \(width): \(gaps) \(set.lineTexts)")
            }
        }
    }

    /// The width of the line's words without its spaces (its hyphen included), measured by
    /// Pango on its own.
    func wordsWidth(_ line: String) -> Double {
        let engine = TextEngine(typography: Typography(), language: .english)
        let trimmed = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "")
        let hyphenated = trimmed.hasSuffix("\u{AD}") ? String(trimmed.dropLast()) + "\u{2010}" : trimmed
        let plain = engine.paragraph(markup: PangoMarkup.escape(hyphenated), font: engine.typography.font(.body), width: 10_000)
        return plain.lines.first?.width ?? 0
    }

    /// With margin kerning, lines ending in a hyphen or a comma reach past the measure by part
    /// of that mark's width and no further; without it, no line does.
    @Test func punctuationHangsIntoTheMarginOnlyWhenAsked() throws {
        for language in [BookLanguage.english, .russian] {
            let text = language == .english ? Self.english : Self.russian
            let plain = try paragraph(text, language: language, width: 245, kerning: false)
            #expect(plain.measuredRightEdges.allSatisfy { $0 <= 245.01 }, "\(plain.measuredRightEdges)")
            let hung = try paragraph(text, language: language, width: 245)
            let hyphen = TextEngine(typography: Typography(), language: language).hyphenWidth(Typography().font(.body))
            var hanging = 0
            for (line, edge) in zip(hung.lineTexts, hung.measuredRightEdges).dropLast() {
                let last = line.trimmingCharacters(in: .whitespaces).unicodeScalars.last
                if let last, MarginKerning().rightShare(last) > 0 {
                    // No mark this face sets at 11.3 pt is wider than three hyphens.
                    #expect(edge > 245.2 && edge <= 245 + 3 * hyphen, "\(line): \(edge)")
                    hanging += 1
                } else {
                    #expect(abs(edge - 245) < 0.05, "\(line): \(edge)")
                }
            }
            #expect(hanging > 0)
        }
    }

    /// What the breaker leaves to Pango: right-to-left text, hard line breaks, text without
    /// spaces, a word wider than the measure (20,000 characters, which still ends quickly).
    @Test func whatTheBreakerCannotSetKeepsPangosBreaking() throws {
        let engine = TextEngine(typography: Typography(), language: .english)
        let font = engine.typography.font(.body)
        let style = ParagraphStyle(alignment: .justified)
        for markup in ["שלום עולם זה טקסט ארוך מספיק כדי לשבור שורות רבות מאוד בעמוד הזה שוב ושוב",
                       "one line\nanother line that is long enough to wrap across the narrow measure we give it",
                       String(repeating: "你好世界", count: 40),
                       "before " + String(repeating: "x", count: 20_000) + " after"] {
            let set = engine.paragraph(markup: markup, font: font, width: 150, style: style)
            #expect(set.wholeParagraph == nil)
            #expect(set.lines.count > 1)
        }
    }
}

extension WholeParagraphTests {
    /// Never three hyphenated lines in a row in a paragraph the breaker sets, on measures about
    /// the book's, where the Russian paragraph hyphenates often.
    @Test func noThreeHyphensInARow() throws {
        let text = String(repeating: Self.russian + " ", count: 3)
        for width in stride(from: 240.0, through: 320, by: 8) {
            let set = try paragraph(text, language: .russian, width: width)
            #expect(set.wholeParagraph != nil, "width \(width)")
            var run = 0, longest = 0, total = 0
            for line in set.lineTexts {
                run = line.hasSuffix("\u{AD}") ? run + 1 : 0
                longest = max(longest, run)
                total += run > 0 ? 1 : 0
            }
            #expect(longest <= 2, "width \(width): \(longest) hyphenated lines in a row")
            #expect(total > 0, "width \(width): no hyphen at all")
        }
    }
}
