/// An entry's text as one reading: the blocks cmark-gfm finds in its Markdown, with GitHub's
/// extensions (tables, task lists, strikethrough, autolinks, footnotes, the tag filter), and its
/// footnotes in the order they are first referenced. Every reader of an entry (layout, the EPUB,
/// the completeness check's expectation) reads this value, never the Markdown again.
public struct Document: Sendable, Equatable {
    public var blocks: [Block]
    public var footnotes: [Footnote]
    /// Where each of `blocks` begins in the text it was read from (after `TextCleaner`), as
    /// cmark-gfm records it: a line, and a byte in that line, both from 1. Empty for a
    /// document built by hand.
    public var blockStarts: [SourcePosition] = []

    public init(blocks: [Block], footnotes: [Footnote] = []) {
        self.blocks = blocks
        self.footnotes = footnotes
    }

    /// What an app adds to CommonMark, read only for notes of the app that defines it.
    public struct AppSyntax: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Obsidian shows a single line break as a break (unless its "strict line breaks" is on).
        public static let lineBreaks = AppSyntax(rawValue: 1)
        /// Obsidian's `==highlight==`.
        public static let highlights = AppSyntax(rawValue: 2)
    }

    /// Reads `markdown` (control characters other than tabs and line ends are dropped first).
    /// `smart` sets quotes and dashes as a typesetter would (the book); the reader's words
    /// are the same either way. `app` names the app syntax to read on the model's text
    /// (never inside code).
    public init(markdown: String, smart: Bool = true, app: AppSyntax = []) {
        self = MarkdownParser(smart: smart, app: app).parse(TextCleaner.clean(markdown))
    }

    public var isEmpty: Bool { blocks.isEmpty && footnotes.isEmpty }
}
