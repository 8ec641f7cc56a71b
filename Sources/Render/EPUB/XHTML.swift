import Prepress

/// XHTML text for the EPUB: escaping, and turning the Pango markup the shared CommonMark reader
/// produces into XHTML inline elements.
enum XHTML {
    /// Escapes text for element content and attribute values. Characters XML forbids were
    /// already removed by `TextCleaner`.
    static func escape(_ text: String) -> String {
        PangoMarkup.escape(TextCleaner.clean(text)).replacingOccurrences(of: "\n", with: " ")
    }

    /// Pango markup (escaped text with <i>, <b>, <tt>, line breaks as newlines) as XHTML.
    static func inline(_ markup: String) -> String {
        markup.replacingOccurrences(of: "<i>", with: "<em>").replacingOccurrences(of: "</i>", with: "</em>")
            .replacingOccurrences(of: "<b>", with: "<strong>").replacingOccurrences(of: "</b>", with: "</strong>")
            .replacingOccurrences(of: "<tt>", with: "<code>").replacingOccurrences(of: "</tt>", with: "</code>")
            .replacingOccurrences(of: "\u{AD}", with: "")
            .replacingOccurrences(of: "\n", with: "<br/>")
    }

    /// A document with the book's language, stylesheet and title.
    static func document(title: String, language: BookLanguage, body: String, bodyClass: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(language.rawValue)" xml:lang="\(language.rawValue)">
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

    /// A valid XML id for an entry id, stable across renders.
    static func anchor(entry id: String) -> String {
        let allowed = id.unicodeScalars.map { scalar -> String in
            scalar.isASCIIAlphanumeric || scalar == "-" || scalar == "_" || scalar == "." ? String(scalar) : "_"
        }.joined()
        return "entry-" + allowed
    }

    /// A page-break marker for print page `page`.
    static func pageBreak(_ page: Int) -> String {
        "<span epub:type=\"pagebreak\" role=\"doc-pagebreak\" id=\"page-\(page)\" aria-label=\"\(page)\"></span>"
    }
}
