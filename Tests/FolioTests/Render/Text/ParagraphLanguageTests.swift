import Document
import Testing
@testable import Render

/// A paragraph written in another script than the book's language is set by its own language's
/// rules (issue 35): a Russian entry in an English diary is hyphenated with the Russian
/// dictionary and quoted with guillemets; the book's own paragraphs are left as they were.
@Suite struct ParagraphLanguageTests {
    static let russian = "Утром шёл дождь, и мы остались дома читать «старые» письма, которые бабушка хранила в жестяной коробке."
    static let english = "We stayed at home reading the old letters that grandmother kept in a tin box."

    func language(_ tag: String) throws -> BookLanguage { try #require(BookLanguage(tag: tag)) }

    @Test func theScriptSaysTheLanguageWhenItIsNotTheBooks() throws {
        #expect(ParagraphLanguage.of(Self.russian, in: .english) == .russian)
        #expect(ParagraphLanguage.of("Усі люди народжуються вільними і рівними у своїй гідності та правах.", in: .english) == (try language("uk")))
        #expect(ParagraphLanguage.of("Όλοι οι άνθρωποι γεννιούνται ελεύθεροι.", in: .russian) == (try language("el")))
        #expect(ParagraphLanguage.of(Self.english, in: .russian) == .english)
        // The book's own script keeps the book's language, a few foreign words included.
        #expect(ParagraphLanguage.of(Self.english + " Борщ.", in: .english) == .english)
        #expect(ParagraphLanguage.of(Self.russian, in: .russian) == .russian)
        #expect(ParagraphLanguage.of("Il pleuvait ce matin.", in: try language("de")) == (try language("de")))
        // Japanese months are written in Han: a Han paragraph in a Japanese book stays Japanese.
        #expect(ParagraphLanguage.of("人人生而自由，在尊严和权利上一律平等。", in: try language("ja")) == (try language("ja")))
        #expect(ParagraphLanguage.of("すべての人間は、生まれながらにして自由であり", in: try language("zh")) == (try language("ja")))
        #expect(ParagraphLanguage.of("2024 — 12:30", in: .english) == .english)
    }

    @Test func aRussianParagraphInAnEnglishBookIsHyphenatedAndQuotedInRussian() throws {
        #expect(Hyphenator.forLanguage(.english) != nil)
        let reader = MarkdownReader(language: .english, hyphenators: Hyphenators(book: .english))
        let blocks = reader.blocks(from: "\(Self.russian)\n\n\(Self.english) \"Quoted.\"")
        guard case .paragraph(let russian, let language)? = blocks.first, case .paragraph(let other, let own)? = blocks.last else {
            Issue.record("\(blocks)")
            return
        }
        #expect(russian.contains("ба\u{AD}буш\u{AD}ка") || russian.contains("ба\u{AD}бушка") || russian.contains("бабуш\u{AD}ка"), "\(russian)")
        #expect(russian.contains("«") && russian.contains("»"))
        #expect(language == .russian && own == nil)
        #expect(other.contains("grand\u{AD}mother") && other.contains("\u{201C}Quoted.\u{201D}"), "\(other)")
        // Without the other dictionaries (the EPUB), the quotes still follow the paragraph.
        guard case .paragraph(let unhyphenated, _)? = MarkdownReader(language: .english).blocks(from: Self.russian).first else {
            Issue.record("no paragraph")
            return
        }
        #expect(unhyphenated.contains("«старые»") && !unhyphenated.contains("\u{AD}"), "\(unhyphenated)")
    }
}
