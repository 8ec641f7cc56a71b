/// A block of an entry's content, as cmark-gfm reads its Markdown: what the book sets,
/// the EPUB writes and the completeness check expects, all from one reading.
public indirect enum Block: Sendable, Equatable {
    case paragraph([Inline])
    case heading(level: Int, [Inline])
    case quote([Block])
    case list(List)
    /// A fenced or indented code block: `info` is the fence's info string (its language).
    case code(info: String, literal: String)
    /// Raw HTML as written: only its words are printed (see `RawHTML`).
    case html(String)
    case rule
    case table(Table)
}

/// A bulleted or numbered list.
public struct List: Sendable, Equatable {
    public var ordered: Bool
    public var start: Int
    public var items: [ListItem]

    public init(ordered: Bool, start: Int, items: [ListItem]) {
        self.ordered = ordered
        self.start = start
        self.items = items
    }
}

public struct ListItem: Sendable, Equatable {
    /// A GFM task item's box (`- [ ]`, `- [x]`); nil for an ordinary item.
    public enum Task: Sendable, Equatable { case open, done }

    public var task: Task?
    public var blocks: [Block]

    public init(task: Task?, blocks: [Block]) {
        self.task = task
        self.blocks = blocks
    }
}

/// A GFM table: a header row, body rows, and each column's alignment.
public struct Table: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case none, left, center, right }

    public var alignments: [Alignment]
    public var header: [[Inline]]
    public var rows: [[[Inline]]]

    public init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

/// A footnote's text, numbered in the order of its first reference (as GitHub numbers them).
public struct Footnote: Sendable, Equatable {
    public var number: Int
    public var blocks: [Block]

    public init(number: Int, blocks: [Block]) {
        self.number = number
        self.blocks = blocks
    }
}
