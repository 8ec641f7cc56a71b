import Diagnostics
import Foundation
import Prepress

/// The EPUB's package documents: container.xml, content.opf, nav.xhtml, toc.ncx, style.css.
struct EPUBPackage {
    struct Item {
        var id: String
        var href: String
        var mediaType: String
        var properties: String?
    }

    struct NavPoint {
        var title: String
        var href: String
        var children: [NavPoint]
    }

    var book: Book
    var identifier: String
    var modified: String
    var items: [Item]
    var spine: [String]
    var toc: [NavPoint]
    var pageList: [(page: Int, href: String, label: String)]
    var hasPhotos: Bool

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """


    var opf: String {
        let language = book.language.rawValue
        var metadata = """
            <dc:identifier id="book-id">\(identifier)</dc:identifier>
            <dc:title>\(XHTML.escape(book.title))</dc:title>
            <dc:creator id="author">\(XHTML.escape(book.author))</dc:creator>
            <dc:language>\(language)</dc:language>
            <dc:source id="print-edition">\(identifier)-print</dc:source>
            <meta refines="#print-edition" property="source-of">pagination</meta>
            <meta property="dcterms:modified">\(modified)</meta>
            <meta property="schema:accessMode">textual</meta>

        """
        if hasPhotos { metadata += "    <meta property=\"schema:accessMode\">visual</meta>\n" }
        metadata += """
                <meta property="schema:accessModeSufficient">textual</meta>
                <meta property="schema:accessibilityFeature">structuralNavigation</meta>
                <meta property="schema:accessibilityFeature">tableOfContents</meta>
                <meta property="schema:accessibilityFeature">pageNavigation</meta>
                <meta property="schema:accessibilityFeature">readingOrder</meta>

            """
        if hasPhotos { metadata += "    <meta property=\"schema:accessibilityFeature\">alternativeText</meta>\n" }
        metadata += """
                <meta property="schema:accessibilityHazard">none</meta>
                <meta property="schema:accessibilitySummary">A diary in reading order, one chapter a month, with headings for every entry, a table of contents, the print edition's page numbers\(hasPhotos ? ", and photos described by their captions" : "").</meta>

            """
        let manifest = items.map { item in
            "    <item id=\"\(item.id)\" href=\"\(item.href)\" media-type=\"\(item.mediaType)\"\(item.properties.map { " properties=\"\($0)\"" } ?? "")/>"
        }.joined(separator: "\n")
        let itemrefs = spine.map { "    <itemref idref=\"\($0)\"/>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(language)">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            \(metadata)  </metadata>
              <manifest>
            \(manifest)
              </manifest>
              <spine toc="ncx"\(book.language.isRightToLeft ? " page-progression-direction=\"rtl\"" : "")>
            \(itemrefs)
              </spine>
            </package>

            """
    }

    var nav: String {
        func list(_ points: [NavPoint]) -> String {
            "<ol>\n" + points.map { point in
                "<li><a href=\"\(point.href)\">\(XHTML.escape(point.title))</a>" + (point.children.isEmpty ? "" : "\n" + list(point.children)) + "</li>\n"
            }.joined() + "</ol>"
        }
        let words = book.language
        var body = "<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\">\n<h1>\(XHTML.escape(words.contentsWord))</h1>\n\(list(toc))\n</nav>\n"
        body += "<nav epub:type=\"landmarks\" hidden=\"hidden\">\n<ol>\n"
        body += "<li><a epub:type=\"cover\" href=\"cover.xhtml\">\(words.coverWord)</a></li>\n"
        body += "<li><a epub:type=\"titlepage\" href=\"title.xhtml\">\(words.titlePageWord)</a></li>\n"
        body += "<li><a epub:type=\"toc\" href=\"nav.xhtml#toc\">\(words.contentsWord)</a></li>\n"
        if let first = toc.first { body += "<li><a epub:type=\"bodymatter\" href=\"\(first.href)\">\(XHTML.escape(first.title))</a></li>\n" }
        body += "</ol>\n</nav>\n"
        if !pageList.isEmpty {
            body += "<nav epub:type=\"page-list\" hidden=\"hidden\">\n<ol>\n"
            body += pageList.map { "<li><a href=\"\($0.href)\">\($0.label)</a></li>\n" }.joined()
            body += "</ol>\n</nav>"
        }
        return XHTML.document(title: words.contentsWord, language: book.language, body: body)
    }

    /// The EPUB 2 navigation, for older readers.
    var ncx: String {
        var order = 0
        func points(_ list: [NavPoint]) -> String {
            list.map { point in
                order += 1
                let own = order
                return "<navPoint id=\"np-\(own)\" playOrder=\"\(own)\"><navLabel><text>\(XHTML.escape(point.title))</text></navLabel><content src=\"\(point.href)\"/>\n"
                    + points(point.children) + "</navPoint>\n"
            }.joined()
        }
        let map = points(toc)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="\(book.language.rawValue)">
            <head>
            <meta name="dtb:uid" content="\(identifier)"/>
            <meta name="dtb:depth" content="2"/>
            <meta name="dtb:totalPageCount" content="0"/>
            <meta name="dtb:maxPageNumber" content="0"/>
            </head>
            <docTitle><text>\(XHTML.escape(book.title))</text></docTitle>
            <navMap>
            \(map)</navMap>
            </ncx>

            """
    }

    static func css(fonts: [EPUBFont], typography: Typography) -> String {
        let faces = fonts.map(\.fontFace).joined(separator: "\n")
        return """
            \(faces)
            body { font-family: "\(typography.sansFamily)", sans-serif; line-height: 1.55; margin: 0 5%; }
            p { text-align: justify; hyphens: auto; margin: 0; text-indent: 1.3em; }
            h2 + p, blockquote p, li p, figure + p, p:first-child { text-indent: 0; }
            h1 { font-family: "\(typography.serifFamily)", serif; font-weight: normal; font-size: 2.2em; text-align: center; margin: 2em 0 1.5em; }
            h1 .year { display: block; font-family: "\(typography.sansFamily)", sans-serif; font-size: 0.4em; letter-spacing: 0.15em; }
            h2 { margin: 2em 0 0.5em; font-weight: normal; }
            h2 .date { display: block; font-size: 0.75em; font-weight: 600; letter-spacing: 0.05em; text-transform: uppercase; }
            h2 .title { display: block; font-family: "\(typography.serifFamily)", serif; font-size: 1.3em; }
            h3, h4, h5, h6 { font-family: "\(typography.serifFamily)", serif; font-weight: normal; }
            blockquote { margin: 0.6em 0 0.6em 1.5em; font-style: italic; }
            figure.photo { margin: 1em 0; text-align: center; }
            figure.photo img { max-width: 100%; }
            figcaption { font-size: 0.75em; text-align: left; }
            table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; }
            th, td { border-bottom: 1px solid #999; padding: 0.2em 0.5em; vertical-align: top; }
            th { font-weight: 600; border-bottom-width: 2px; }
            li.task { list-style: none; }
            section.footnotes { font-size: 0.8em; border-top: 1px solid #999; margin-top: 1em; }
            hr { border: none; border-top: 1px solid #888; width: 20%; margin: 1em auto; }
            .cover { margin: 0; padding: 0; text-align: center; }
            .cover img { max-width: 100%; max-height: 100%; }
            .titlepage { text-align: center; margin-top: 30%; }
            .titlepage .book-title { font-family: "\(typography.serifFamily)", serif; font-size: 2.4em; }
            .titlepage .author { letter-spacing: 0.15em; text-transform: uppercase; }

            """
    }
}
