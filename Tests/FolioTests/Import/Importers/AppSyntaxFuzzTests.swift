import Document
import Foundation
import Testing
@testable import Import
@testable import Jobs

/// What the importers read from an export, fuzzed (issue 33): Markdown with every app's marks,
/// Org pages, front matter and the name formats an app's settings declare. Each reader ends,
/// never traps, and keeps code as code.
@Suite struct AppSyntaxFuzzTests {
    /// Pieces that meet in notes: Markdown's and every app's marks, code fences, scripts.
    static let pieces = ["`", "``", "```", "~~~", "%%", "==", "[[", "]]", "![", "](", ")", "{{", "}}", "((", "))", "::", ":", "---",
                         "|", "- [ ] ", "- [x] ", "[^1]", "[^1]: ", "> [!note] ", "#", "* ", "** ", "#+BEGIN_SRC", "#+END_SRC",
                         "#+TITLE: ", ":LOGBOOK:", ":END:", "<br>", "<script>", "&amp;", "\\", "\n", "\n\n", "\t", " ", "word",
                         "ذهبنا", "किलोमीटर", "❤️", "👨‍👩‍👧", "\u{0}", "\r"]

    static func note(_ random: inout FuzzRandom) -> String {
        (0..<random.next(60)).map { _ in random.pick(pieces) }.joined()
    }

    @Test func markdownAndAppSyntaxReadersEndOnAnything() {
        var random = FuzzRandom(seed: 33)
        for _ in 0..<1_500 {
            let text = Self.note(&random)
            let document = Document(markdown: text, app: [.highlights, .lineBreaks])
            _ = document.readerText
            _ = document.imageDestinations
            _ = ObsidianText.markdown(text)
            _ = LogseqText.markdown(OrgText.outline(text))
            _ = FrontMatter(text)
            for dialect in [ReaderText.Dialect.markdown, .dayOne, .obsidian, .logseq] { _ = ReaderText.text(text, dialect: dialect) }
            // Code stays as written: a fence's lines are never mapped.
            let fenced = "```\n" + text.replacingOccurrences(of: "```", with: "") + "\n```"
            #expect(ProseText.mapProse(fenced) { _ in "" }.hasPrefix("```\n"))
        }
    }

    @Test func nameFormatsFromAnExportsSettingsEndOnAnything() {
        var random = FuzzRandom(seed: 3_300)
        let tokens = ["YYYY", "YY", "MM", "M", "DD", "D", "Do", "MMMM", "MMM", "dddd", "ddd", "dd", "d", "gggg", "ww", "W", "Q", "[",
                      "]", "[W]", "-", "/", " ", ".", "\\", "(", "*", "yyyy", "EEE", "'", "{{date}}", "{{date:", "}}", "{{title}}"]
        for _ in 0..<2_000 {
            let pattern = (0..<random.next(8)).map { _ in random.pick(tokens) }.joined()
            let name = random.bytes(random.next(24))
            _ = MomentFormat(pattern).read(name)
            _ = MomentFormat.logseq(pattern).read(name)
            _ = NoteDateRules.momentFormat(pattern, dateFormat: "YYYY-MM-DD")?.read(name)
        }
        // What a format reads, it reads back.
        #expect(MomentFormat("[Day] D [of] MMMM, YYYY").read("Day 7 of June, 2024") == .init(year: 2024, month: 6, day: 7, isPeriod: false))
    }
}
