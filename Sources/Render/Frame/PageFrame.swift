/// One page of the interior as the painter draws it: what stands where, each item with its
/// entry, its role in the structure tree and its text, in plain values (set lines, photo cells,
/// rules), as Typst's layout hands frames to its exporters. `FrameBuilder` makes it from the
/// layout; the painter reads nothing else, and never a Pango paragraph.
struct PageFrame {
    var number: Int
    var items: [FrameItem]
}

/// A set line where it stands: its paragraph's left edge and its line box's top, on the page.
struct PlacedLine {
    var line: SetLine
    var left: Double
    var top: Double
}

/// A photo where it stands, with what a reader who cannot see it is told, and its caption.
struct PlacedPhoto {
    var cell: PhotoCell
    /// The text area's left edge (the cell's own `x` is from there) and the row's top.
    var left: Double
    var top: Double
    var alternate: String
    var caption: [PlacedLine]
}

struct FrameItem {
    enum Content {
        /// The title page: the front cover again, drawn by `drawCover`.
        case cover
        /// A paragraph, or its part on this page; a heading when `heading` gives its level
        /// (1 a chapter's title or the contents', 2 an entry's head, 3 its title, deeper its own).
        case text([PlacedLine], heading: Int?)
        /// A list item: its marker (on the page of its first line) and its body.
        case listItem(label: PlacedLine?, body: [PlacedLine])
        /// A row of a table: each cell's lines, and the rule under the row.
        case tableRow(cells: [[PlacedLine]], header: Bool, startsTable: Bool, rule: Rect)
        /// A row of photos.
        case photos([PlacedPhoto])
        /// The short rule between parts of an entry.
        case rule(Rect)
        /// A line of the contents: the chapter and its page number.
        case contentsLine([PlacedLine])
        /// The running head with the folio: furniture, not the book's text.
        case runningHead(PlacedLine)
    }

    /// Where the structure tree starts something new before this item.
    enum Opening {
        /// A chapter's title or the contents: everything open closes.
        case section
        /// An entry's head: its own section.
        case entry
    }

    var content: Content
    /// The entry it belongs to; nil for the book's own pages and furniture.
    var entry: String? = nil
    var opens: Opening? = nil

    /// Every set line the item draws, in reading order (a photo's caption lines): what it says.
    var lines: [PlacedLine] {
        switch content {
        case .cover, .rule: []
        case .text(let set, _), .contentsLine(let set): set
        case .listItem(let label, let body): (label.map { [$0] } ?? []) + body
        case .tableRow(let cells, _, _, _): cells.flatMap { $0 }
        case .photos(let photos): photos.flatMap(\.caption)
        case .runningHead(let line): [line]
        }
    }

    /// The characters no installed font has, in the order they stand.
    var missingCharacters: [UInt32] {
        lines.flatMap { $0.line.runs.flatMap { $0.missing.map(\.character) } }
    }
}
