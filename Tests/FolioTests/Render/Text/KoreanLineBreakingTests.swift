import Document
import Testing
@testable import Render

/// Korean lines break between words, never between two syllables of one (issue 35: 9 of 12
/// full lines of one entry ended mid-word, 규정|된).
@Suite struct KoreanLineBreakingTests {
    static let text = "모든 인간은 태어날 때부터 자유로우며 그 존엄과 권리에 있어 동등하다. 인간은 천부적으로 이성과 양심을 부여받았으며 서로 형제애의 정신으로 행동하여야 한다. 모든 사람은 인종, 피부색, 성, 언어, 종교, 정치적 또는 기타의 견해, 민족적 또는 사회적 출신, 재산, 출생 또는 기타의 지위 등에 따른 어떠한 종류의 구별도 없이, 이 선언에 규정된 모든 권리와 자유를 향유할 자격이 있다."

    /// Lines that end inside a word, over a range of measures.
    func linesEndingMidWord(keptWhole: Bool) -> (midWord: Int, lines: Int) {
        let engine = TextEngine(typography: Typography(), language: BookLanguage(tag: "ko") ?? .english)
        let markup = PangoMarkup.escape(Self.text)
        var midWord = 0, lines = 0
        for width in stride(from: 150.0, through: 330, by: 15) {
            let paragraph = engine.paragraph(markup: markup, font: engine.typography.font(.body), width: width,
                                             style: ParagraphStyle(alignment: .justified, keepsKoreanWordsWhole: keptWhole))
            let texts = paragraph.lineTexts
            for line in texts.dropLast() {
                lines += 1
                if let last = line.unicodeScalars.last, !last.properties.isWhitespace { midWord += 1 }
            }
        }
        return (midWord, lines)
    }

    @Test func linesBreakOnlyBetweenWords() {
        let kept = linesEndingMidWord(keptWhole: true)
        #expect(kept.lines > 50 && kept.midWord == 0, "\(kept)")
        // Pango alone breaks between syllables: what the attributes prevent.
        #expect(linesEndingMidWord(keptWhole: false).midWord > 0)
    }

    @Test func onlyHangulWordsAreKeptWhole() {
        let text = "Seoul 서울에서 &amp; 2024 " + String(repeating: "가", count: KoreanWords.longestKept + 1)
        let bytes = Array(text.utf8)
        let words = bytes.withUnsafeBufferPointer { KoreanWords.hangulWords($0) }
        #expect(words.map { String(decoding: bytes[$0], as: UTF8.self) } == ["서울에서"])
    }
}
