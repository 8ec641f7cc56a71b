/// The text a reader of the entry sees, in reading order: what the completeness check expects
/// to find on the pages and in the EPUB. It is the model's text as the book prints it: code as
/// written, raw HTML's words without its tags, table cells row by row, footnotes after the
/// text. Link addresses are never printed; an image stands apart as a photo (its description
/// is a caption, or printed in its place when the photo is missing), so it is not expected
/// where it stood.
extension Document {
    public var readerText: String {
        var output = ""
        for block in blocks { Self.append(block, to: &output) }
        // A footnote's number is the book's, drawn beside it as a list's numbers are.
        for footnote in footnotes {
            for block in footnote.blocks { Self.append(block, to: &output) }
        }
        return output
    }

    private static func append(_ block: Block, to output: inout String) {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines):
            append(inlines, to: &output)
        case .quote(let blocks):
            for inner in blocks { append(inner, to: &output) }
        case .list(let list):
            for item in list.items {
                for inner in item.blocks { append(inner, to: &output) }
                output += "\n"
            }
        case .code(_, let literal):
            output += literal
        case .html(let literal):
            output += RawHTML.text(ofBlock: literal)
        case .rule:
            break
        case .table(let table):
            // Each cell is set apart: a line of its own.
            for row in [table.header] + table.rows {
                for cell in row {
                    append(cell, to: &output)
                    output += "\n"
                }
            }
        }
        output += "\n"
    }

    /// What a reader sees of inline content: its text, without its markup.
    public static func readerText(of inlines: [Inline]) -> String {
        var output = ""
        append(inlines, to: &output)
        return output
    }

    private static func append(_ inlines: [Inline], to output: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text): output += text
            case .softBreak: output += " "
            case .lineBreak: output += "\n"
            case .emphasis(let inner), .strong(let inner), .strikethrough(let inner), .highlight(let inner), .link(_, let inner): append(inner, to: &output)
            case .image: output += " "
            case .html(let literal):
                switch RawHTML.piece(literal) {
                case .lineBreak: output += "\n"
                case .markup: output += " "
                case .text(let text): output += text
                }
            case .footnoteReference(let number): output += "\(number)"
            }
        }
    }
}
