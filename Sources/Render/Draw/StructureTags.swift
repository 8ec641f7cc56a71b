/// The interior's structure tree, opened and closed as the painter walks the pages: a `Sect` per
/// entry (its head an `H2`), headings, paragraphs, lists (`L`, `LI`, `Lbl`, `LBody`), tables
/// (`Table`, `TR`, `TH`, `TD`), figures and the contents (`TOC`, `TOCI`), in reading order.
///
/// Cairo 1.16 marks content only inside a leaf element (one that holds no other): what is drawn
/// while only a section, list or table is open (running heads, folios, rules, crop marks) or with
/// nothing open (the title page) stays unmarked, and the finisher makes it an artifact. So a
/// paragraph that turns a page is two `P`s, one per page: kept open, it would take in the
/// next page's running head.
final class StructureTags {
    private let drawing: (any Drawing)?
    /// The grouping elements open now, outermost first.
    private var open: [String] = []
    private var lastHeading = 0
    /// Each figure's alternative text, in the order of the tree: the finisher writes them as
    /// `/Alt`, which Cairo 1.16 cannot.
    private(set) var figureAlternates: [String] = []

    /// `drawing` nil: nothing is tagged (pictures of pages).
    init(drawing: (any Drawing)?) {
        self.drawing = drawing
    }

    /// Closes every open group: the tree goes on at its root.
    func closeAll() {
        close(toDepth: 0)
    }

    /// Starts an entry's section, closing whatever was open.
    func beginEntry() {
        closeAll()
        push("Sect")
    }

    /// Makes `group` (`L`, `Table`, `TOC`) the innermost open group under the entry, opening a
    /// new one when `fresh` or when another is open.
    func enter(_ group: String, fresh: Bool = false) {
        let base = open.first == "Sect" ? 1 : 0
        if fresh || open.count != base + 1 || open.last != group {
            close(toDepth: base)
            push(group)
        }
    }

    /// Leaves any list or table: the entry's next block stands in the section itself.
    func leaveGroups() {
        close(toDepth: open.first == "Sect" ? 1 : 0)
    }

    /// `draw` as the content of a leaf element `role`.
    func leaf(_ role: String, _ draw: () -> Void) {
        drawing?.beginTag(role)
        draw()
        drawing?.endTag(role)
    }

    /// `draw` inside a grouping element that holds only what `draw` opens (`TR`, `LI`).
    func group(_ role: String, _ draw: () -> Void) {
        push(role)
        draw()
        close(toDepth: open.count - 1)
    }

    /// A heading asked for at `level` (1 a chapter, 2 an entry's head, 3 its title, deeper the
    /// entry's own headings), never more than one below the heading before it: PDF/UA forbids
    /// skipped levels, and an entry's `###` may follow its date directly.
    func heading(_ level: Int, _ draw: () -> Void) {
        let set = max(1, min(level, lastHeading + 1, 6))
        lastHeading = set
        leaf("H\(set)", draw)
    }

    func figure(alternate: String, _ draw: () -> Void) {
        figureAlternates.append(alternate)
        leaf("Figure", draw)
    }

    private func push(_ role: String) {
        drawing?.beginTag(role)
        open.append(role)
    }

    private func close(toDepth depth: Int) {
        while open.count > depth, let role = open.popLast() { drawing?.endTag(role) }
    }
}
