import CCmark
import Foundation
import Prepress

/// Entry text as the book sets it: CommonMark parsed by cmark into blocks whose inline
/// content is Pango markup. Raw HTML is never rendered: see `RawHTML` for what is printed of it.
indirect enum TextBlock: Equatable {
    case paragraph(String)
    case heading(level: Int, String)
    case quote([TextBlock])
    case list(ordered: Bool, start: Int, items: [[TextBlock]])
    case code(String)
    case rule
}

struct MarkdownReader {
    var language: BookLanguage
    var hyphenator: Hyphenator?

    func blocks(from text: String) -> [TextBlock] {
        let clean = TextCleaner.clean(text)
        let options = CMARK_OPT_SMART | CMARK_OPT_NORMALIZE
        guard let document = cmark_parse_document(clean, clean.utf8.count, options) else { return [] }
        defer { cmark_node_free(document) }
        return children(of: document).compactMap(block)
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

    private func block(_ node: OpaquePointer) -> TextBlock? {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            let markup = Hyphenator.keepingLastWordsWhole(inlines(node))
            return markup.isEmpty ? nil : .paragraph(markup)
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(node))
        case CMARK_NODE_BLOCK_QUOTE:
            return .quote(children(of: node).compactMap(block))
        case CMARK_NODE_LIST:
            let items = children(of: node).map { children(of: $0).compactMap(block) }
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                         start: Int(cmark_node_get_list_start(node)), items: items)
        case CMARK_NODE_CODE_BLOCK:
            let code = literal(node).trimmingCharacters(in: .newlines)
            return code.isEmpty ? nil : .code(PangoMarkup.escape(code))
        case CMARK_NODE_THEMATIC_BREAK:
            return .rule
        case CMARK_NODE_HTML_BLOCK:
            // Its words stay; its tags go. A line break inside it is a break to Pango.
            let text = RawHTML.text(ofBlock: literal(node)).split(separator: "\n").map {
                PangoMarkup.escape(typeset($0.trimmingCharacters(in: .whitespaces)))
            }.filter { !$0.isEmpty }.joined(separator: "\n")
            return text.isEmpty ? nil : .paragraph(Hyphenator.keepingLastWordsWhole(text))
        default:
            return nil
        }
    }

    /// The inline content of a node as Pango markup.
    private func inlines(_ node: OpaquePointer) -> String {
        var markup = ""
        for child in children(of: node) {
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT:
                markup += PangoMarkup.escape(typeset(literal(child)))
            case CMARK_NODE_SOFTBREAK:
                markup += " "
            case CMARK_NODE_LINEBREAK:
                // A paragraph break to Pango, so the line before it is set flush, not stretched
                // by justification.
                markup += "\n"
            case CMARK_NODE_CODE:
                markup += "<tt>" + PangoMarkup.escape(literal(child)) + "</tt>"
            case CMARK_NODE_EMPH:
                markup += "<i>" + inlines(child) + "</i>"
            case CMARK_NODE_STRONG:
                markup += "<b>" + inlines(child) + "</b>"
            case CMARK_NODE_HTML_INLINE:
                switch RawHTML.piece(literal(child)) {
                case .lineBreak: markup += "\n"
                case .markup: break
                case .text(let text): markup += PangoMarkup.escape(typeset(text))
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                // A printed page cannot follow a link: its words stay, the address goes.
                markup += inlines(child)
            default:
                break
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

/// Removes what no text layout should see: control characters (but tabs and newlines), and
/// unpaired surrogates, which Swift strings already replace.
enum TextCleaner {
    static func clean(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\r" {
                continue
            } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
                        || scalar.value == 0xFFFF {
                continue
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
