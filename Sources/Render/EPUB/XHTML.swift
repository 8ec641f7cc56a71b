import Diagnostics
import Document
import Prepress

/// XHTML text for the EPUB: escaping, and turning the Pango markup the shared CommonMark reader
/// produces into XHTML inline elements.
enum XHTML {
    /// Escapes text for element content and attribute values. Characters XML forbids were
    /// already removed by `TextCleaner`.
    static func escape(_ text: String) -> String {
        PangoMarkup.escape(TextCleaner.clean(text)).replacingOccurrences(of: "\n", with: " ")
    }

    /// Pango markup (escaped text with <i>, <b>, <tt>, <s>, <sup>, line breaks as newlines) as XHTML, in one
    /// pass: the text is escaped, so every `<` opens one of the reader's own tags.
    static func inline(_ markup: String) -> String {
        var output = String.UnicodeScalarView()
        var tag: String.UnicodeScalarView?
        for scalar in markup.unicodeScalars {
            if var open = tag {
                open.append(scalar)
                if scalar == ">" {
                    output.append(contentsOf: (inlineTags[String(open)] ?? String(open)).unicodeScalars)
                    tag = nil
                } else {
                    tag = open
                }
                continue
            }
            switch scalar {
            case "<": tag = String.UnicodeScalarView(["<"])
            case "\u{AD}": continue
            case "\n": output.append(contentsOf: "<br/>".unicodeScalars)
            default: output.append(scalar)
            }
        }
        if let tag { output.append(contentsOf: tag) }
        return String(output)
    }

    private static let inlineTags = ["<i>": "<em>", "</i>": "</em>", "<b>": "<strong>", "</b>": "</strong>",
                                     "<tt>": "<code>", "</tt>": "</code>",
                                     "<s>": "<del>", "</s>": "</del>", "<span background=\"\(MarkdownReader.highlightColour)\">": "<mark>", "</span>": "</mark>", "<sup>": "<sup>", "</sup>": "</sup>"]

    /// A document with the book's language, stylesheet and title.
    static func document(title: String, language: BookLanguage, body: String, bodyClass: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language.rawValue)" xml:lang="\(language.rawValue)"\(language.isRightToLeft ? " dir=\"rtl\"" : "")>
        <head>
        <meta charset="UTF-8"/>
        <title>\(escape(title))</title>
        <link rel="stylesheet" type="text/css" href="style.css"/>
        </head>
        <body\(bodyClass.map { " class=\"\($0)\"" } ?? "")>
        \(body)
        </body>
        </html>

        """
    }

    /// A valid XML id for an entry id, stable across renders and distinct for distinct ids
    /// whatever their script: an id with characters XML ids cannot hold keeps its ASCII part
    /// and gains a digest of the whole (two Russian titles on one day stay two anchors).
    static func anchor(entry id: String) -> String {
        var clean = true
        let allowed = id.unicodeScalars.map { scalar -> String in
            if scalar.isASCIIAlphanumeric || scalar == "-" || scalar == "_" || scalar == "." { return String(scalar) }
            clean = false
            return "_"
        }.joined()
        if clean { return "entry-" + allowed }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return "entry-" + allowed.prefix(60) + "-" + String(hash, radix: 16)
    }

    /// A page-break marker for print page `page`, named `label` (a set's "2:128").
    static func pageBreak(_ page: Int, label: String) -> String {
        "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"page-\(page)\" aria-label=\"\(label)\"></span>"
    }
}
