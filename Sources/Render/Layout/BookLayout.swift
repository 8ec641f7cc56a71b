/// What goes on which page of the interior. Pure data: the painter reads it, and tests
/// assert on it without Cairo.
struct BookLayout {
    enum PageKind: Equatable {
        case title
        /// The verso of the title page, left blank.
        case imprint
        case contents
        case chapterOpener
        case body
        /// Before a chapter that must start on a recto, and the padding at the end.
        case blank
    }

    struct Page: Equatable {
        var kind: PageKind
        /// The chapter this page belongs to (openers and body pages).
        var chapter: Int?
        var placements: [Placement] = []
        /// For contents pages: which chapters' lines stand on this page.
        var contentsLines: Range<Int>? = nil
    }

    struct EntryLocation: Equatable {
        var page: Int
        var y: Double
    }

    private(set) var pages: [Page] = []
    /// 1-based page number of each chapter's opener.
    private(set) var chapterPages: [Int] = []
    private(set) var entryLocations: [String: EntryLocation] = [:]
    /// Paragraphs pagination set in a line more or less than they came with (see `Paginator`):
    /// paragraph → its number of lines. Their flow blocks must be given these lines' heights.
    private(set) var lineCounts: [Int: Int] = [:]

    /// Lays out front matter and chapters. `chapters` are each chapter's flow;
    /// `contentsCapacity` is how many contents lines fit on one page; `settings` gives
    /// paragraphs in a line more or less to fill a page.
    static func make(chapters: [[FlowBlock]], paginator: Paginator, chapterSink: Double, contentsCapacity: Int,
                     settings: (any LineCountSettings)? = nil) throws(Paginator.Failure) -> BookLayout {
        var layout = BookLayout()
        layout.pages.append(Page(kind: .title))
        layout.pages.append(Page(kind: .imprint))
        let capacity = max(1, contentsCapacity)
        var line = 0
        repeat {
            let end = min(chapters.count, line + capacity)
            layout.pages.append(Page(kind: .contents, contentsLines: line..<end))
            line = end
        } while line < chapters.count
        for (chapter, blocks) in chapters.enumerated() {
            if layout.pages.count % 2 == 1 { layout.pages.append(Page(kind: .blank)) }
            layout.chapterPages.append(layout.pages.count + 1)
            let pagination = try paginator.paginate(blocks, firstPageTop: chapterSink, settings: settings)
            layout.lineCounts.merge(pagination.lineCounts) { $1 }
            for (offset, placements) in pagination.pages.enumerated() {
                let page = Page(kind: offset == 0 ? .chapterOpener : .body, chapter: chapter, placements: placements)
                layout.pages.append(page)
                for placement in placements where placement.lines.lowerBound == 0 {
                    if let entry = blocks[placement.block].opensEntry {
                        layout.entryLocations[entry] = EntryLocation(page: layout.pages.count, y: placement.y)
                    }
                }
            }
        }
        return layout
    }

    /// Appends blank pages up to `count` (the product's page rules).
    mutating func pad(to count: Int) {
        while pages.count < count { pages.append(Page(kind: .blank)) }
    }

    /// Verso pages are even: the left-hand page of a spread.
    static func isVerso(_ pageNumber: Int) -> Bool { pageNumber % 2 == 0 }
}
