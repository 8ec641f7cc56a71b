import Dispatch
import Document
import Synchronization
import Testing

/// The one reading of an entry: cmark-gfm's tree as Folio's own values, with GitHub's extensions.
@Suite struct DocumentTests {
    @Test func gfmConstructsAreReadAsWhatTheyAre() {
        let document = Document(markdown: """
            | Day | Weather |
            | :-- | --: |
            | Mon | ~~rain~~ sun |

            - [x] tickets
            - [ ] bags

            A walk[^k] at www.example.com.

            [^k]: Eleven kilometres.
            """)
        #expect(document.blocks.count == 3)
        guard case .table(let table) = document.blocks[0] else { Issue.record("no table: \(document.blocks)"); return }
        #expect(table.alignments == [.left, .right])
        #expect(table.header == [[.text("Day")], [.text("Weather")]])
        #expect(table.rows == [[[.text("Mon")], [.strikethrough([.text("rain")]), .text(" sun")]]])
        guard case .list(let list) = document.blocks[1] else { Issue.record("no list"); return }
        #expect(list.items.map(\.task) == [.done, .open])
        #expect(document.footnotes == [Footnote(number: 1, blocks: [.paragraph([.text("Eleven kilometres.")])])])
        guard case .paragraph(let inlines) = document.blocks[2] else { Issue.record("no paragraph"); return }
        #expect(inlines.contains(.footnoteReference(1)))
        #expect(inlines.contains { if case .link(let destination, _) = $0 { destination == "http://www.example.com" } else { false } })
    }

    @Test func theReaderSeesTextNotItsMarkup() {
        let text = Document(markdown: """
            [foo]: /url "title"

            &copy; 2024 \\*not emphasis\\* [a link](/url "title") and ![a photo](p.jpg) <span>kept</span> <!-- gone -->

            ```swift
            let x = "![not a photo](x.jpg)"
            ```
            """, smart: false).readerText
        #expect(text.contains("© 2024 *not emphasis* a link and"))
        #expect(!text.contains("a photo](p.jpg") && !text.contains("title") && !text.contains("gone") && !text.contains("/url"), "\(text)")
        #expect(text.contains(" kept "))
        #expect(text.contains(#"let x = "![not a photo](x.jpg)""#), "code is text as written")
    }

    @Test func githubsFilteredTagsAreShownAsText() {
        let text = Document(markdown: "This is <xmp> not okay, <b>this</b> is.\n").readerText
        #expect(text.contains("<xmp>"))
        #expect(!text.contains("<b>"))
    }

    @Test func highlightsAreReadOnlyWhereAskedAndNeverInCode() {
        let marked = Document(markdown: "A ==bright *day*== and `==code==` and a == b.\n", app: [.highlights])
        #expect(marked.blocks == [.paragraph([.text("A "), .highlight([.text("bright "), .emphasis([.text("day")])]), .text(" and "),
                                              .code("==code=="), .text(" and a == b.")])])
        #expect(Document(markdown: "x == y and ==z==\n", app: [.highlights]).blocks
                == [.paragraph([.text("x == y and "), .highlight([.text("z")])])])
        #expect(Document(markdown: "a ==== b\n", app: [.highlights]).blocks == [.paragraph([.text("a ==== b")])])
        let plain = Document(markdown: "A ==bright== day.\n")
        #expect(plain.blocks == [.paragraph([.text("A ==bright== day.")])])
        #expect(Document(markdown: "one\ntwo\n", app: [.lineBreaks]).blocks == [.paragraph([.text("one"), .lineBreak, .text("two")])])
    }

    @Test func proseIsMappedAndCodeLeftAsWritten() {
        let text = "a %%x%% `%%y%%` b\n```\n%%z%%\n```\n~~~~\n```\n%%w%%\n~~~~\nc %%v%%"
        let mapped = ProseText.mapProse(text) { $0.replacingOccurrences(of: "%%", with: "") }
        #expect(mapped == "a x `%%y%%` b\n```\n%%z%%\n```\n~~~~\n```\n%%w%%\n~~~~\nc v")
        #expect(ProseText.mapProse("an `unclosed %% tick\n") { $0.replacingOccurrences(of: "%%", with: "") } == "an `unclosed  tick\n")
        // A backtick fence's info string holds no backtick: this line is a code span, not a fence.
        #expect(ProseText.mapProse("```x``` a\nb") { $0.uppercased() } == "```x``` A\nB")
        // Runs of every length, each closed by the next run of its own length.
        #expect(ProseText.mapProse("` `` a `` b ` c") { $0.uppercased() } == "` `` a `` b ` C")
        #expect(ProseText.mapProse("`` a ` b") { $0.uppercased() } == "`` A ` B")
    }

    /// Nesting no reader could walk without exhausting its stack is read as plain text.
    @Test func deepNestingIsReadAsText() {
        let quotes = Document(markdown: String(repeating: "> ", count: 20_000) + "deep\n")
        #expect(quotes.readerText.contains("deep"))
        let emphasis = Document(markdown: String(repeating: "*a ", count: 5_000) + "core" + String(repeating: " a*", count: 5_000) + "\n")
        #expect(emphasis.readerText.contains("core"))
        let lists = Document(markdown: (0..<3_000).map { String(repeating: "  ", count: $0) + "- item\($0)" }.joined(separator: "\n"))
        #expect(lists.readerText.contains("item2999"))
    }

    /// Where each block begins, as cmark-gfm counts it (lines, bytes), in the text's characters:
    /// where a photo's placeholder stood is compared with these, and the entry is not read again.
    @Test func blockStartsAreCharacterOffsets() {
        let text = "é\n\n👍🏽 b\n\n- c\n- d\n\n> e"
        let document = Document(markdown: text)
        #expect(document.blockStarts.map(\.line) == [1, 3, 5, 8])
        #expect(SourcePosition.characterOffsets(document.blockStarts, in: text) == [0, 3, 8, 17])
        #expect(SourcePosition.characterOffsets([SourcePosition(line: 2, column: 10)], in: "é\n👍🏽 b") == [4])
        #expect(SourcePosition.characterOffsets([SourcePosition(line: 99, column: 99)], in: "ab") == [2])
    }

    /// cmark-gfm's table of the extensions' special characters is shared by every parser: read
    /// on many threads at once, every reading still sees the strikethrough and the autolink.
    @Test func readingsOnManyThreadsAtOnceAgree() {
        let expected = Document(markdown: "A ~~rain~~ day, see www.example.com.\n")
        let differing = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4_000) { index in
            let text = index % 2 == 0 ? "A ~~rain~~ day, see www.example.com.\n" : "Plain words only, \\*escaped\\*.\n"
            let read = Document(markdown: text)
            if index % 2 == 0, read != expected { differing.withLock { $0 += 1 } }
        }
        #expect(differing.withLock { $0 } == 0)
    }
}
