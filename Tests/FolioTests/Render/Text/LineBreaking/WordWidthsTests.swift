import CPangoCairo
import Document
import Foundation
import Testing
@testable import Render

/// The job's word widths measure a paragraph exactly as shaping it whole on one line does, so
/// the breaker chooses the same lines either way.
@Suite struct WordWidthsTests {
    /// The paragraph's items measured whole (Pango shaping it on one line) and from `cache`.
    func items(_ markup: String, language: BookLanguage, cache: WordWidths? = nil,
               engine given: TextEngine? = nil) throws -> (whole: ParagraphItems, cached: ParagraphItems) {
        let typography = Typography()
        let engine = given ?? TextEngine(typography: typography, language: language)
        let font = typography.font(.body).pangoDescription
        let layout = try #require(pango_layout_new(engine.context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_markup(layout, markup, -1)
        let measure = { (widths: (cache: WordWidths, font: String)?) throws -> ParagraphItems in
            try ParagraphItems.measure(layout, hyphenWidth: 4, narrowest: 300, protrusion: { _, advance in advance / 2 },
                                       wordWidths: widths)
        }
        return (try measure(nil), try measure((cache ?? engine.wordWidths, font)))
    }

    func hyphenated(_ text: String, _ language: BookLanguage) throws -> String {
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        return Hyphenator.keepingLastWordsWhole(hyphenator.hyphenate(PangoMarkup.escape(text)))
    }

    @Test(arguments: [(WholeParagraphTests.english, BookLanguage.english), (WholeParagraphTests.russian, .russian)])
    func cachedWidthsAreTheWholeShapingsWidths(_ text: String, _ language: BookLanguage) throws {
        let engine = TextEngine(typography: Typography(), language: language)
        let markup = try hyphenated(text, language)
        // Cold, then warm: the second paragraph is measured from the cache alone.
        for _ in 0..<2 {
            let (whole, cached) = try items(markup, language: language, engine: engine)
            #expect(cached.items == whole.items)
            #expect(cached.nextLineStart == whole.nextLineStart && cached.softHyphens == whole.softHyphens)
        }
    }

    /// Words in another font (an emoji, a fallback script) and markup are measured whole; the
    /// items are the same whichever way.
    @Test(arguments: ["We ate 🍰 and 🍓 by the lake, and the sky over the water was ☀ all day long.",
                      "We read <i>The Waves</i> aloud, and then <b>slept</b> until the ferry’s horn.",
                      "Σήμερα we walked to Αθήνα and back, 12 km — and ate «borscht» (борщ) at noon."])
    func otherFontsAndMarkupAreMeasuredAsBefore(_ markup: String) throws {
        let (whole, cached) = try items(markup, language: .english)
        #expect(cached.items == whole.items)
    }

    @Test func aPieceInAnotherFontIsNotCached() throws {
        let engine = TextEngine(typography: Typography(), language: .english)
        let cache = WordWidths(context: engine.context)
        let font = Typography().font(.body).pangoDescription
        let plain = Array("the lake ".utf8)
        let mixed = Array("the 🍰 lake ".utf8)
        #expect(plain.withUnsafeBufferPointer { cache.advances(of: $0, font: font) } != nil)
        #expect(mixed.withUnsafeBufferPointer { cache.advances(of: $0, font: font) } == nil)
    }
}
