import Document
import Foundation

/// One month as an XHTML chapter: each entry an anchored section, its text from the same
/// CommonMark as the print edition, its photos as figures, and the print edition's page breaks.
struct EPUBChapterWriter {
    let language: BookLanguage
    let markdown: MarkdownReader
    /// Page marks by place.
    let marks: [PageMark.Place: [Int]]
    let numbering: PageNumbering
    /// The file name inside the EPUB of each of an entry's photos (placeholders included).
    let photoFile: (BookEntry, Int) -> String

    func chapter(_ chapter: Chapter, index: Int) -> String {
        let title = language.chapterTitle(year: chapter.year, month: chapter.month)
        var body = "<section epub:type=\"chapter\" role=\"doc-chapter\" aria-labelledby=\"chapter-title\">\n"
        body += breaks(.chapter(index))
        body += "<h1 id=\"chapter-title\">\(XHTML.escape(language.monthNames[chapter.month - 1])) <span class=\"year\">\(chapter.year)</span></h1>\n"
        for entry in chapter.entries { body += self.entry(entry) }
        body += "</section>"
        return XHTML.document(title: title, language: language, body: body)
    }

    private func breaks(_ place: PageMark.Place) -> String {
        (marks[place] ?? []).map { XHTML.pageBreak($0, label: numbering.label($0)) + "\n" }.joined()
    }

    private func entry(_ entry: BookEntry) -> String {
        let anchor = XHTML.anchor(entry: entry.id)
        var html = "<section class=\"entry\" id=\"\(anchor)\" aria-labelledby=\"\(anchor)-head\">\n"
        html += breaks(.entry(entry.id))
        html += "<h2 id=\"\(anchor)-head\"><span class=\"date\">\(XHTML.escape(entry.head(in: language)))</span>"
        if let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
            html += "<span class=\"title\">\(XHTML.escape(title))</span>"
        }
        html += "</h2>\n"
        if !entry.tags.isEmpty {
            html += "<p class=\"tags\">\(XHTML.escape(entry.tags.joined(separator: " · ")))</p>\n"
        }
        let (blocks, origins) = markdown.set(entry.document)
        let anchors = entry.photoAnchors(origins: origins)
        for (index, block) in blocks.enumerated() {
            html += photos(entry, anchors.indices.filter { anchors[$0] == index }, textBlocks: blocks.count)
            html += breaks(.block(entry: entry.id, index: index))
            html += self.block(block)
        }
        html += photos(entry, anchors.indices.filter { anchors[$0] >= blocks.count }, textBlocks: blocks.count)
        return html + "</section>\n"
    }

    /// The entry's photos `chosen`, as figures, each with the page breaks before it.
    private func photos(_ entry: BookEntry, _ chosen: [Int], textBlocks: Int) -> String {
        var html = ""
        for index in chosen {
            let photo = entry.photos[index]
            html += breaks(.block(entry: entry.id, index: textBlocks + index))
            let caption = photo.caption?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let alt = caption.isEmpty ? "\(language.photoWord), \(language.entryDate(entry.local))" : caption
            html += "<figure class=\"photo\"><img src=\"\(photoFile(entry, index))\" alt=\"\(XHTML.escape(alt))\"/>"
            if !caption.isEmpty { html += "<figcaption>\(XHTML.escape(caption))</figcaption>" }
            html += "</figure>\n"
        }
        return html
    }

    private func block(_ block: TextBlock) -> String {
        switch block {
        case .paragraph(let markup, let language):
            // Another language than the book's is said, so a reader hyphenates and speaks it as
            // that language.
            let attributes = language.map { " lang=\"\($0.tag)\" xml:lang=\"\($0.tag)\"" + ($0.isRightToLeft ? " dir=\"rtl\"" : "") } ?? ""
            return "<p\(attributes)>\(XHTML.inline(markup))</p>\n"
        case .heading(let level, let markup):
            // Entry heads are h2: headings inside an entry come below them.
            let tag = "h\(min(6, level + 2))"
            return "<\(tag)>\(XHTML.inline(markup))</\(tag)>\n"
        case .quote(let inner): return "<blockquote>\n" + inner.map(self.block).joined() + "</blockquote>\n"
        case .list(let ordered, let start, let items):
            let open = ordered ? (start == 1 ? "<ol>" : "<ol start=\"\(start)\">") : "<ul>"
            let html = items.map { item in
                let box = item.box.map { "<span class=\"task\">\($0)</span> " } ?? ""
                return (item.task == nil ? "<li>" : "<li class=\"task\">") + box + item.blocks.map(self.block).joined() + "</li>\n"
            }
            return open + "\n" + html.joined() + (ordered ? "</ol>\n" : "</ul>\n")
        case .code(let markup): return "<pre><code>\(markup)</code></pre>\n"
        case .rule: return "<hr/>\n"
        case .table(let table): return self.table(table)
        case .footnotes(let notes):
            let items = notes.map { "<li value=\"\($0.number)\">" + $0.blocks.map(self.block).joined() + "</li>\n" }
            return "<section class=\"footnotes\" role=\"doc-endnotes\"><ol>\n" + items.joined() + "</ol></section>\n"
        }
    }

    private func table(_ table: TextTable) -> String {
        var html = "<table>\n"
        for (index, row) in table.rows.enumerated() {
            let header = table.hasHeader && index == 0
            if index == 0, header { html += "<thead>\n" }
            if index == (table.hasHeader ? 1 : 0) { html += "<tbody>\n" }
            html += "<tr>"
            for (column, cell) in row.enumerated() {
                let tag = header ? "th" : "td"
                let alignment = column < table.alignments.count ? table.alignments[column] : .none
                let style = alignment == .none ? "" : " style=\"text-align: \(alignment)\""
                html += "<\(tag)\(style)>\(XHTML.inline(cell))</\(tag)>"
            }
            html += "</tr>\n"
            if header { html += "</thead>\n" }
        }
        if table.rows.count > (table.hasHeader ? 1 : 0) { html += "</tbody>\n" }
        return html + "</table>\n"
    }
}
