/// One block of a chapter's flow as the paginator sees it: only heights, no fonts or pixels.
struct FlowBlock: Equatable {
    enum Content: Equatable {
        /// A paragraph's line boxes, top to bottom.
        case text(paragraph: Int, lineHeights: [Double])
        /// Something that never splits across pages (a photo, a rule).
        case figure(id: Int, height: Double)
    }

    var content: Content
    /// Space above the block; dropped at the top of a page.
    var spaceBefore = 0.0
    /// Never leave this block last on a page (an entry head, a heading).
    var keepWithNext = false
    /// Text that must not split between pages (an entry head).
    var splittable = true
    /// Left offset inside the text area (quotes, lists).
    var indent = 0.0
    /// A list marker drawn left of the first line.
    var marker: Int?
    /// The heading level this block is to a reader of the tagged PDF (1 a chapter's title, 2 an
    /// entry's head, 3 its title, deeper the entry's own headings); nil for other text.
    var heading: Int?
    /// The entry this block opens, for the outline and the table of contents.
    var opensEntry: String?
    /// Where the block comes from: its entry, and the index of the entry's top-level text block
    /// or photo (text blocks first, then photos), so the EPUB can mark where printed pages begin.
    var source: PageMark.Place?

    var lineCount: Int {
        if case .text(_, let heights) = content { return heights.count }
        return 1
    }
}

/// Where part of a block landed on a page: `y` is the top, measured from the top of the text area.
struct Placement: Equatable {
    var block: Int
    /// For text, the lines placed here; for a figure, 0..<1.
    var lines: Range<Int>
    var y: Double
}

/// Where a printed page begins in the text: the EPUB's page-list points there.
public struct PageMark: Sendable, Equatable {
    public enum Place: Sendable, Equatable, Hashable {
        /// A chapter's opening (its title).
        case chapter(Int)
        /// An entry's head.
        case entry(String)
        /// The top-level block `index` of an entry: text blocks first, then photos.
        case block(entry: String, index: Int)
    }

    public var page: Int
    public var place: Place

    public init(page: Int, place: Place) {
        self.page = page
        self.place = place
    }
}
