import Document
import Foundation
import Prepress

/// Entry text as the book sets it: the entry's `Document` in blocks whose inline content is
/// Pango markup. Raw HTML is never rendered: see `RawHTML` for what is printed of it.
indirect enum TextBlock: Equatable {
    /// A paragraph, with its language when it is written in another than the book's
    /// (`ParagraphLanguage`).
    case paragraph(String, language: BookLanguage? = nil)
    case heading(level: Int, String)
    case quote([TextBlock])
    case list(ordered: Bool, start: Int, items: [TextListItem])
    case code(String)
    case rule
    case table(TextTable)
    /// The entry's footnotes, set after its text.
    case footnotes([TextFootnote])
}

struct TextListItem: Equatable {
    var task: ListItem.Task?
    var blocks: [TextBlock]

    /// The box a task item is printed with (☐ to do, ☑ done), or nil for a plain item.
    var box: String? {
        switch task {
        case .open: "\u{2610}"
        case .done: "\u{2611}"
        case nil: nil
        }
    }
}

struct TextTable: Equatable {
    var alignments: [Table.Alignment]
    /// Each row's cells as Pango markup; the header row first when the table has one.
    var rows: [[String]]
    var hasHeader: Bool
}

struct TextFootnote: Equatable {
    var number: Int
    var blocks: [TextBlock]
}

struct MarkdownReader {
    var language: BookLanguage
    /// Each language's dictionary, for the book's paragraphs and those written in another
    /// language (`ParagraphLanguage`); nil where nothing is hyphenated (the EPUB).
    var hyphenators: Hyphenators?

    init(language: BookLanguage, hyphenators: Hyphenators? = nil) {
        self.language = language
        self.hyphenators = hyphenators
    }

    /// The dictionary of the language this reader sets its paragraphs in.
    var hyphenator: Hyphenator? { hyphenators?.hyphenator(for: language) }

    /// A highlighter's pale yellow, light enough for any ink limit.
    static let highlightColour = "#FFF0A0"

    func blocks(from text: String, app: Document.AppSyntax = []) -> [TextBlock] {
        blocks(from: Document(markdown: text, app: app))
    }

    func blocks(from document: Document) -> [TextBlock] {
        set(document).blocks
    }

    /// The blocks the book sets (a block that prints nothing is left out), each with the index
    /// of the document's block it is set from; the footnotes, set after them all, come from none.
    func set(_ document: Document) -> (blocks: [TextBlock], origins: [Int?]) {
        var result: [TextBlock] = []
        var origins: [Int?] = []
        for (index, source) in document.blocks.enumerated() {
            guard let set = block(source) else { continue }
            result.append(set)
            origins.append(index)
        }
        let notes = document.footnotes.map { TextFootnote(number: $0.number, blocks: $0.blocks.compactMap(block)) }
        if !notes.isEmpty {
            result.append(.footnotes(notes))
            origins.append(nil)
        }
        return (result, origins)
    }

    private func block(_ block: Block) -> TextBlock? {
        switch block {
        case .paragraph(let content):
            let reader = reading(content)
            let markup = Hyphenator.keepingLastWordsWhole(reader.inlines(content))
            return markup.isEmpty ? nil : .paragraph(markup, language: reader.language == language ? nil : reader.language)
        case .heading(let level, let content):
            return .heading(level: level, reading(content).inlines(content))
        case .quote(let inner):
            return .quote(inner.compactMap(self.block))
        case .list(let list):
            let items = list.items.map { TextListItem(task: $0.task, blocks: $0.blocks.compactMap(self.block)) }
            return .list(ordered: list.ordered, start: list.start, items: items)
        case .code(_, let literal):
            let code = literal.trimmingCharacters(in: .newlines)
            return code.isEmpty ? nil : .code(PangoMarkup.escape(code))
        case .rule:
            return .rule
        case .html(let literal):
            // Its words stay; its tags go. A line break inside it is a break to Pango.
            let text = RawHTML.text(ofBlock: literal).split(separator: "\n").map {
                PangoMarkup.escape(typeset($0.trimmingCharacters(in: .whitespaces)))
            }.filter { !$0.isEmpty }.joined(separator: "\n")
            return text.isEmpty ? nil : .paragraph(Hyphenator.keepingLastWordsWhole(text))
        case .table(let table):
            let cell = { (content: [Inline]) in reading(content).inlines(content) }
            let header = table.header.isEmpty ? [] : [table.header.map(cell)]
            return .table(TextTable(alignments: table.alignments, rows: header + table.rows.map { $0.map(cell) },
                                    hasHeader: !table.header.isEmpty))
        }
    }

    /// The reader for `content`: this one, or one set in the language the content is written in
    /// when that is not the book's (its quotation marks, its dictionary).
    private func reading(_ content: [Inline]) -> MarkdownReader {
        let written = ParagraphLanguage.of(Document.readerText(of: content), in: language)
        guard written != language else { return self }
        var other = self
        other.language = written
        return other
    }

    /// Inline content as Pango markup.
    private func inlines(_ content: [Inline]) -> String {
        var markup = ""
        for inline in content {
            switch inline {
            case .text(let text):
                markup += PangoMarkup.escape(typeset(text))
            case .softBreak:
                markup += " "
            case .lineBreak:
                // A paragraph break to Pango, so the line before it is set flush, not stretched
                // by justification.
                markup += "\n"
            case .code(let code):
                markup += "<tt>" + PangoMarkup.escape(code) + "</tt>"
            case .emphasis(let inner):
                markup += "<i>" + inlines(inner) + "</i>"
            case .strong(let inner):
                markup += "<b>" + inlines(inner) + "</b>"
            case .strikethrough(let inner):
                markup += "<s>" + inlines(inner) + "</s>"
            case .highlight(let inner):
                markup += "<span background=\"\(Self.highlightColour)\">" + inlines(inner) + "</span>"
            case .html(let literal):
                switch RawHTML.piece(literal) {
                case .lineBreak: markup += "\n"
                case .markup: break
                case .text(let text): markup += PangoMarkup.escape(typeset(text))
                }
            case .link(_, let inner), .image(_, let inner):
                // A printed page cannot follow a link: its words stay, the address goes. An
                // image left in the text (its file missing or remote) prints its description.
                markup += inlines(inner)
            case .footnoteReference(let number):
                markup += "<sup>\(number)</sup>"
            }
        }
        return markup
    }

    /// The book's language's typographic conventions, then hyphenation.
    private func typeset(_ text: String) -> String {
        let text = LanguageTypography(language: language).apply(text)
        return hyphenator?.hyphenate(text) ?? text
    }
}

enum PangoMarkup {
    /// Pango markup escapes as XML does.
    static func escape(_ text: String) -> String { XMLEscape.escape(text) }
}
