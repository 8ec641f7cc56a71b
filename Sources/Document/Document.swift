/// An entry's text as one reading: the blocks cmark-gfm finds in its Markdown, with GitHub's
/// extensions (tables, task lists, strikethrough, autolinks, footnotes, the tag filter), and its
/// footnotes in the order they are first referenced. Every reader of an entry (layout, the EPUB,
/// the completeness check's expectation) reads this value, never the Markdown again.
public struct Document: Sendable, Equatable {
    public var blocks: [Block]
    public var footnotes: [Footnote]

    public init(blocks: [Block], footnotes: [Footnote] = []) {
        self.blocks = blocks
        self.footnotes = footnotes
    }

    /// Reads `markdown` (control characters other than tabs and line ends are dropped first).
    /// `smart` sets quotes and dashes as a typesetter would (the book); the reader's words
    /// are the same either way.
    public init(markdown: String, smart: Bool = true) {
        self = MarkdownParser(smart: smart).parse(TextCleaner.clean(markdown))
    }

    public var isEmpty: Bool { blocks.isEmpty && footnotes.isEmpty }
}
