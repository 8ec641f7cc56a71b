import Document
import Diagnostics
import Prepress

/// Turns the book's chapters into measured paragraphs and the flow the paginator breaks.
/// Decides the typographic structure: chapter heads, entry heads, indents, spacing.
final class FlowBuilder {
    /// What a figure block draws.
    enum Figure {
        case rule
        case photos(PhotoRow)
        case tableRow(TableRow)
    }

    let engine: TextEngine
    let measure: Double
    let language: BookLanguage
    private let markdown: MarkdownReader
    private(set) var paragraphs: [MeasuredParagraph] = []
    var figures: [Figure] = []
    /// What could not be set as written, per entry (characters without a glyph).
    private(set) var notices: [Diagnostic] = []
    /// Paragraphs set in another number of lines, by paragraph and lines; nil where there is
    /// no such setting (see `FlowBuilder+LineCounts`).
    var otherSettings: [Int: [Int: MeasuredParagraph?]] = [:]

    private var typography: Typography { engine.typography }

    let photos: PhotoPool
    /// The tallest a photo row may be: the text area less room for a caption.
    let maximumPhotoHeight: Double

    /// `hyphenators`: the dictionaries of the languages the book's paragraphs are written in.
    init(engine: TextEngine, measure: Double, language: BookLanguage, hyphenators: Hyphenators,
         photos: PhotoPool, maximumPhotoHeight: Double) {
        self.engine = engine
        self.measure = measure
        self.language = language
        self.photos = photos
        self.maximumPhotoHeight = maximumPhotoHeight
        markdown = MarkdownReader(language: language, hyphenators: hyphenators)
    }

    func paragraph(_ markup: String, _ role: Typography.Role, width: Double? = nil,
                   style: ParagraphStyle = .init()) -> Int {
        paragraphs.append(engine.paragraph(markup: markup, font: typography.font(role), width: width ?? measure,
                                           style: style))
        return paragraphs.count - 1
    }

    /// Forgets the paragraphs from `index` on: set for a table that is then set otherwise.
    func discardParagraphs(from index: Int) {
        paragraphs.removeSubrange(index...)
    }

    /// Puts `setting`, the same paragraph set again, in place of paragraph `index`.
    func replace(_ index: Int, with setting: MeasuredParagraph) {
        paragraphs[index] = setting
    }

    private func text(_ paragraph: Int) -> FlowBlock.Content {
        .text(paragraph: paragraph, lineHeights: paragraphs[paragraph].lines.map(\.height))
    }

    func chapterFlow(_ chapter: Chapter, index chapterIndex: Int) -> [FlowBlock] {
        var blocks: [FlowBlock] = []
        let title = paragraph(PangoMarkup.escape(language.monthNames[chapter.month - 1]), .chapterTitle,
                              style: ParagraphStyle(alignment: .center))
        blocks.append(FlowBlock(content: text(title), keepWithNext: true, splittable: false, heading: 1, source: .chapter(chapterIndex)))
        let year = paragraph(PangoMarkup.escape(String(chapter.year)), .chapterYear,
                             style: ParagraphStyle(alignment: .center, letterSpacing: 2))
        blocks.append(FlowBlock(content: text(year), spaceBefore: 6, keepWithNext: true, splittable: false))
        for (index, entry) in chapter.entries.enumerated() {
            blocks += entryFlow(entry, spaceBefore: index == 0 ? 40 : typography.bodyLineHeight * 1.6)
        }
        return blocks
    }

    private func entryFlow(_ entry: BookEntry, spaceBefore: Double) -> [FlowBlock] {
        var blocks: [FlowBlock] = []
        let dateLine = language.uppercased(entry.head(in: language))
        let head = paragraph(PangoMarkup.escape(dateLine), .entryDate,
                             style: ParagraphStyle(lineHeight: typography.bodyLineHeight, letterSpacing: 0.6))
        blocks.append(FlowBlock(content: text(head), spaceBefore: spaceBefore, keepWithNext: true, splittable: false,
                                heading: 2, opensEntry: entry.id, source: .entry(entry.id)))
        if let title = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty {
            let size = typography.entryTitleSize
            let heading = paragraph(PangoMarkup.escape(TextCleaner.clean(title)), .entryTitle,
                                    style: ParagraphStyle(lineHeight: size * 1.25))
            blocks.append(FlowBlock(content: text(heading), spaceBefore: 1, keepWithNext: true, splittable: false, heading: 3))
        }
        if !entry.tags.isEmpty {
            let line = paragraph(PangoMarkup.escape(entry.tags.map(TextCleaner.clean).joined(separator: " · ")), .entryDate,
                                 style: ParagraphStyle(lineHeight: typography.bodyLineHeight))
            blocks.append(FlowBlock(content: text(line), spaceBefore: 1, keepWithNext: true, splittable: false))
        }
        let (source, origins) = markdown.set(entry.document)
        let groups = BookEntry.photoGroups(entry.photoAnchors(origins: origins))
        var body: [FlowBlock] = []
        var previousWasParagraph = false
        for (index, block) in source.enumerated() {
            for group in groups where group.anchor == index { body += photoFlow(entry, photos: group.photos, firstIndex: source.count) }
            var flow = textFlow([block], indent: 0, quoted: false, afterParagraph: previousWasParagraph)
            for k in flow.indices { flow[k].source = .block(entry: entry.id, index: index) }
            body += flow
            if case .paragraph = block { previousWasParagraph = true } else { previousWasParagraph = false }
        }
        if !body.isEmpty { body[0].spaceBefore = 6 }
        for group in groups where group.anchor >= source.count { body += photoFlow(entry, photos: group.photos, firstIndex: source.count) }
        return blocks + body
    }

    /// The entry's photos `chosen` (indices into its photos) as rows of a grid that never split;
    /// each row's source is its first photo, numbered after the entry's `firstIndex` text blocks.
    private func photoFlow(_ entry: BookEntry, photos chosen: [Int], firstIndex: Int) -> [FlowBlock] {
        var aspects: [Double] = []
        var widest: [Double] = []
        var failures: [PhotoError?] = []
        for photo in chosen.map({ entry.photos[$0] }) {
            do {
                let header = try photos.probe(photo.file)
                aspects.append(Double(header.uprightWidth) / Double(header.uprightHeight))
                // Never enlarged below half the product's minimum resolution, and never printed
                // smaller than an inch, where neither a photo nor its placeholder could be seen.
                let aspect = aspects[aspects.count - 1]
                widest.append(max(Double(header.uprightWidth) / (photos.minimumPPI / 2) * 72, 72 * max(1, aspect)))
                failures.append(nil)
                let suffix = photo.file.pathExtension.lowercased()
                // A HEIF file may hold AVIF and be named .heif: only a claim of another family misnames it.
                if let named = PhotoHeader.Format(fileExtension: suffix), named != header.format, !(named == .heic && header.format == .avif) {
                    notices.append(Diagnostic(code: .photoMisnamed,
                                              message: "\(photo.name): the file is a \(header.format.name) image with a .\(suffix) name; printed as what it is",
                                              entry: entry.id))
                }
            } catch {
                // The placeholder keeps the place a photo would have had; the painter reports
                // the failure with the page it stands on.
                aspects.append(4.0 / 3.0)
                widest.append(measure)
                failures.append(error)
            }
        }
        let grid = PhotoGrid(measure: measure, maximumHeight: maximumPhotoHeight)
        let cap = PhotoCap.forEntry(photoCount: entry.photos.count)
        var blocks: [FlowBlock] = []
        for row in grid.rows(aspects, widestAllowed: widest) {
            var cells: [PhotoCell] = []
            var captionHeight = 0.0
            for (index, frame) in zip(row.indices, row.frames) {
                let photo = entry.photos[chosen[index]]
                var caption: Int?
                if let text = photo.caption?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty {
                    let id = paragraph(PangoMarkup.escape(TextCleaner.clean(text)), .caption, width: frame.width,
                                       style: ParagraphStyle(lineHeight: typography.captionSize * 1.35))
                    captionHeight = max(captionHeight, paragraphs[id].height)
                    caption = id
                }
                cells.append(PhotoCell(photo: photo, entry: entry.id, x: frame.x, width: frame.width, height: row.height,
                                       cap: cap, caption: caption, failure: failures[index]))
            }
            let photoRow = PhotoRow(cells: cells, imageHeight: row.height, captionHeight: captionHeight)
            figures.append(.photos(photoRow))
            blocks.append(FlowBlock(content: .figure(id: figures.count - 1, height: photoRow.height),
                                    spaceBefore: typography.bodyLineHeight * 0.6,
                                    source: .block(entry: entry.id, index: firstIndex + chosen[row.indices.first ?? 0])))
        }
        return blocks
    }

    /// The flow of CommonMark blocks: an entry's first paragraph is flush, later ones indented.
    private func textFlow(_ source: [TextBlock], indent requested: Double, quoted: Bool, afterParagraph: Bool = false) -> [FlowBlock] {
        // Quotes and lists nested past half the measure go no further right: the text keeps
        // room to be set, however deep the source nests.
        let indent = min(requested, measure / 2)
        var blocks: [FlowBlock] = []
        var previousWasParagraph = afterParagraph
        let width = measure - indent
        let bodyRole: Typography.Role = quoted ? .quote : .body
        let pitch = typography.bodyLineHeight
        for block in source {
            switch block {
            case .paragraph(let markup, let written):
                // Pango indents every line after a hard break too; verse-like text reads better flush.
                let indentFirst = previousWasParagraph && !markup.contains("\n") ? typography.firstLineIndent : 0
                let alignment: ParagraphStyle.Alignment = UnspacedScripts.dominate(markup) ? .left : .justified
                // A paragraph in another language than the book's is shaped and broken as that
                // language (Pango's fonts for Han differ between Chinese and Japanese).
                let set = written.map { "<span lang=\"\($0.tag)\">" + markup + "</span>" } ?? markup
                let id = paragraph(set, bodyRole, width: width,
                                   style: ParagraphStyle(alignment: alignment, firstLineIndent: indentFirst, lineHeight: pitch))
                blocks.append(FlowBlock(content: text(id), spaceBefore: typography.paragraphSpacing, indent: indent))
                previousWasParagraph = true
                continue
            case .heading(let level, let markup):
                let role = Typography.Role.heading(level)
                let size = typography.font(role).size
                let id = paragraph(markup, role, width: width, style: ParagraphStyle(lineHeight: size * 1.3))
                blocks.append(FlowBlock(content: text(id), spaceBefore: pitch * 0.6, keepWithNext: true,
                                        splittable: false, indent: indent, heading: 3 + level))
            case .quote(let inner):
                var quote = textFlow(inner, indent: indent + typography.quoteIndent, quoted: true)
                if !quote.isEmpty { quote[0].spaceBefore = pitch * 0.4 }
                blocks += quote
            case .list(let ordered, let start, let items):
                for (number, item) in items.enumerated() {
                    let label = item.box ?? (ordered ? "\(start + number)." : "•")
                    blocks += markedFlow(item.blocks, label: label, indent: indent, quoted: quoted)
                }
            case .table(let table):
                blocks += tableFlow(table, indent: indent)
            case .footnotes(let notes):
                figures.append(.rule)
                blocks.append(FlowBlock(content: .figure(id: figures.count - 1, height: pitch), spaceBefore: pitch * 0.4))
                for note in notes { blocks += markedFlow(note.blocks, label: "\(note.number)", indent: indent, quoted: quoted) }
            case .code(let markup):
                let id = paragraph(markup, .code, width: width, style: ParagraphStyle(lineHeight: pitch))
                blocks.append(FlowBlock(content: text(id), spaceBefore: pitch * 0.4, indent: indent))
            case .rule:
                figures.append(.rule)
                blocks.append(FlowBlock(content: .figure(id: figures.count - 1, height: pitch * 1.5),
                                        spaceBefore: pitch * 0.2))
            }
            previousWasParagraph = false
        }
        return blocks
    }

    /// A list item or a footnote: its blocks indented, `label` (a number, a bullet, a task's
    /// box) set right-aligned in the indent beside its first line.
    private func markedFlow(_ source: [TextBlock], label: String, indent: Double, quoted: Bool) -> [FlowBlock] {
        var flow = textFlow(source, indent: indent + typography.listIndent, quoted: quoted)
        guard !flow.isEmpty else { return [] }
        flow[0].marker = paragraph(PangoMarkup.escape(label), quoted ? .quote : .body, width: typography.listIndent - 4,
                                   style: ParagraphStyle(alignment: .right, lineHeight: typography.bodyLineHeight))
        flow[0].spaceBefore = typography.paragraphSpacing
        return flow
    }
}
