import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The completeness check: every entry's words, in order, through hyphenation, page turns and
/// added furniture, and nothing left out unnoticed.
@Suite struct CompletenessTests {
    func missing(_ document: [String], _ entries: [(String, String)]) -> [CompletenessCheck.Missing] {
        var text = WordText()
        for page in document { text.append(page) }
        return CompletenessCheck(document: text).missing(ExpectedText(entries.map { .init(id: $0.0, text: $0.1) }))
    }

    @Test func hyphenationPageTurnsAndHeadsAreNotLosses() {
        let entry = "It rained all day, steadily and without drama, the way it does when it has decided to stay. The train was late."
        let pages = ["January 2025 WEDNESDAY, 1 JANUARY · 08:19 It rained all day, steadily and with\u{AD}",
                     "6 A YEAR OF SMALL THINGS out drama, the way it does when it has de-", "cided to stay. “The” train was late. FRIDAY"]
        #expect(missing(pages, [("e1", entry)]).isEmpty)
    }

    @Test func aDroppedSentenceIsFoundAndNamed() {
        let entry = "First sentence stands here. Second sentence was lost on the way. Third sentence closes the entry."
        let found = missing(["HEAD First sentence stands here. Third sentence closes the entry."], [("e1", entry), ("e2", "Another entry entirely.")])
        #expect(found.map(\.entry) == ["e1", "e2"])
        #expect(found.first?.words.hasPrefix("Second sentence was lost") == true)
    }

    @Test func entriesAreFoundInOrderAndAMissingEntryDoesNotHideTheNext() {
        let found = missing(["one two three four five six seven", "eight nine ten"],
                            [("a", "one two three"), ("gone", "nothing of this is printed at all"), ("b", "eight nine ten")])
        #expect(found.map(\.entry) == ["gone"])
    }

    @Test func aLongWordOrARepeatedWordEndsInBoundedTime() {
        let word = String(repeating: "a", count: 20_000)
        #expect(missing([word], [("e", word)]).isEmpty)
        #expect(missing([String(repeating: "a ", count: 5_000)], [("e", String(repeating: "a ", count: 5_000) + "b")]).count == 1)
    }

    /// An Arabic presentation form (or a byte order mark in that block) is read as the letters
    /// it draws, and only it: `nº` and `x²` stay as written, with or without one beside them.
    @Test func presentationFormsAloneAreReadAsTheirLetters() {
        #expect(WordText("nº x² \u{FEFF}").characters == WordText("nº x²").characters)
        #expect(WordText("\u{FEFB}").characters == WordText("\u{0644}\u{0627}").characters, "the lam-alef ligature is lam and alef")
    }
}
