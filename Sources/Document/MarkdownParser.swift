internal import CCmarkGFM
import Synchronization

/// cmark-gfm, GitHub's CommonMark parser, with the extensions GitHub registers: the only place
/// Folio reaches it. The parser and its tree live inside `parse` and are freed before it
/// returns; nothing of them escapes into the `Document`.
struct MarkdownParser {
    var smart: Bool
    var app: Document.AppSyntax = []

    /// How deep quotes and lists may nest as blocks of their own; deeper content is read as the
    /// plain text of one paragraph, so that no input can exhaust the stack of the readers that
    /// walk the model (`> > > …` ten thousand times is a line of text, not a trap).
    static let maximumDepth = 48

    /// The extensions GitHub's own Markdown uses (footnotes are a parser option).
    static let extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Registering the core extensions touches a process-wide registry: once, under Swift's
    /// once-only initialisation of a static.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm keeps the extensions' special characters (`~`, the autolink's `w` and `:`) in
    /// one table for every parser, adding them while a parser reads inlines and taking them out
    /// when it is done: two parses at once (the layout, the EPUB on its own thread, the check's
    /// expectation) made one of them miss a `~~` or an autolink now and then. So parses take
    /// turns; each is short (the bench's year reads in 0.05 s).
    private static let turns = Mutex(())

    func parse(_ text: String) -> Document {
        Self.turns.withLock { _ in parseAlone(text) }
    }

    private func parseAlone(_ text: String) -> Document {
        guard Self.registered else { return Document(blocks: []) }
        var options = CMARK_OPT_FOOTNOTES | CMARK_OPT_NORMALIZE
        if smart { options |= CMARK_OPT_SMART }
        guard let parser = cmark_parser_new(options) else { return Document(blocks: []) }
        defer { cmark_parser_free(parser) }
        for name in Self.extensions {
            if let found = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, found) }
        }
        cmark_parser_feed(parser, text, text.utf8.count)
        guard let root = cmark_parser_finish(parser) else { return Document(blocks: []) }
        defer { cmark_node_free(root) }
        var blocks: [Block] = []
        var starts: [SourcePosition] = []
        var footnotes: [Footnote] = []
        for node in children(of: root) {
            if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
                // cmark-gfm keeps only referenced definitions, moved to the end in reference order.
                footnotes.append(Footnote(number: footnotes.count + 1, blocks: children(of: node).compactMap { block($0, depth: 1) }))
            } else if let block = block(node, depth: 0) {
                blocks.append(block)
                starts.append(SourcePosition(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
            }
        }
        var document = Document(blocks: blocks, footnotes: footnotes)
        document.blockStarts = starts
        return document
    }

    private func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// An extension's node kind ("table", "strikethrough", "tasklist", …).
    private func typeName(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private func block(_ node: OpaquePointer, depth: Int) -> Block? {
        guard depth < Self.maximumDepth else { return .paragraph([.text(plainText(node))]) }
        let block = { (child: OpaquePointer) in self.block(child, depth: depth + 1) }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return .paragraph(inlines(node, depth: depth))
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(node, depth: depth))
        case CMARK_NODE_BLOCK_QUOTE:
            return .quote(children(of: node).compactMap(block))
        case CMARK_NODE_LIST:
            let items = children(of: node).map { item in
                var task: ListItem.Task?
                if typeName(item) == "tasklist" { task = cmark_gfm_extensions_get_tasklist_item_checked(item) ? .done : .open }
                return ListItem(task: task, blocks: children(of: item).compactMap(block))
            }
            return .list(List(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                              start: Int(cmark_node_get_list_start(node)), items: items))
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            return .code(info: info, literal: literal(node))
        case CMARK_NODE_HTML_BLOCK:
            return .html(literal(node))
        case CMARK_NODE_THEMATIC_BREAK:
            return .rule
        default:
            return typeName(node) == "table" ? .table(table(node, depth: depth)) : nil
        }
    }

    /// The text of a node and all below it, walked with cmark's own iterator (no recursion).
    private func plainText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK: if event == CMARK_EVENT_ENTER { text += literal(current) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING: if event == CMARK_EVENT_EXIT { text += " " }
            default: break
            }
        }
        return text
    }

    private func table(_ node: OpaquePointer, depth: Int) -> Table {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [Table.Alignment] = []
        if let bytes = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columns {
                switch bytes[column] {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        }
        var header: [[Inline]] = []
        var rows: [[[Inline]]] = []
        for row in children(of: node) {
            let cells = children(of: row).map { inlines($0, depth: depth) }
            if typeName(row) == "table_header" { header = cells } else { rows.append(cells) }
        }
        return Table(alignments: alignments, header: header, rows: rows)
    }

    private func inlines(_ node: OpaquePointer, depth: Int) -> [Inline] {
        guard depth < Self.maximumDepth else { return [.text(plainText(node))] }
        let inlines = { (child: OpaquePointer) in self.inlines(child, depth: depth + 1) }
        let content: [Inline] = children(of: node).compactMap { child in
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT: return .text(literal(child))
            case CMARK_NODE_SOFTBREAK: return app.contains(.lineBreaks) ? .lineBreak : .softBreak
            case CMARK_NODE_LINEBREAK: return .lineBreak
            case CMARK_NODE_CODE: return .code(literal(child))
            case CMARK_NODE_EMPH: return .emphasis(inlines(child))
            case CMARK_NODE_STRONG: return .strong(inlines(child))
            case CMARK_NODE_HTML_INLINE: return .html(literal(child))
            case CMARK_NODE_LINK: return .link(destination: url(child), inlines(child))
            case CMARK_NODE_IMAGE: return .image(destination: url(child), inlines(child))
            case CMARK_NODE_FOOTNOTE_REFERENCE: return Int(literal(child)).map(Inline.footnoteReference)
            default: return typeName(child) == "strikethrough" ? .strikethrough(inlines(child)) : nil
            }
        }
        return app.contains(.highlights) ? Highlights.marked(content) : content
    }

    private func url(_ node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }
}
