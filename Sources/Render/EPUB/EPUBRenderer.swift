import Document
import Diagnostics
import Foundation
import Prepress

/// The EPUB 3 of a book, from the same resolved book, CommonMark and drawCover as the PDF.
/// Written as a stream into a ZIP: `mimetype` first and stored, text deflated, JPEG and
/// fonts stored, one photo in memory at a time.
public struct EPUBRenderer: Sendable {
    public var product: Product
    public var typography: Typography

    public init(product: Product, typography: Typography? = nil) {
        self.product = product
        self.typography = typography ?? Typography(product: product)
    }

    public struct Result: Sendable {
        public var notices: [Diagnostic]
    }

    /// `photos`: the job's pool, whose screen photos the PDF's decode already made.
    /// `numbering`: how the print pages of `pageMarks` are named (a set's volume and page).
    public func render(_ book: Book, cover: CoverContent, orderID: String, pageMarks: [PageMark], numbering: PageNumbering = .book,
                       photos: PhotoPool? = nil, to file: URL) throws(RenderError) -> Result {
        do {
            return try write(book, cover: cover, orderID: orderID, pageMarks: pageMarks, numbering: numbering,
                             photos: try PhotoPool.given(photos, product: product), to: file)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError(file: file.path, message: "\(error)")
        }
    }

    private func write(_ book: Book, cover: CoverContent, orderID: String, pageMarks: [PageMark], numbering: PageNumbering, photos preparer: PhotoPool,
                       to file: URL) throws -> Result {
        let zip = try ZipWriter(file: file, date: book.contentDate)
        try zip.add("mimetype", data: Data("application/epub+zip".utf8), method: .stored)
        try zip.add("META-INF/container.xml", data: Data(EPUBPackage.container.utf8), method: .deflated)
        var items: [EPUBPackage.Item] = []
        var notices: [Diagnostic] = []
        func add(_ href: String, _ text: String, id: String, mediaType: String = "application/xhtml+xml", properties: String? = nil) throws {
            try zip.add("OEBPS/" + href, data: Data(text.utf8), method: .deflated)
            items.append(.init(id: id, href: href, mediaType: mediaType, properties: properties))
        }

        // Photos first, one at a time, so the chapters know which became placeholders.
        var photoFiles: [String: String] = [:]
        var placeholderWritten = false
        for entry in book.entries {
            for (index, photo) in entry.photos.enumerated() {
                let key = "\(entry.id)/\(index)"
                do {
                    let prepared = try preparer.prepare(photo.file, cap: PhotoCap.forEntry(photoCount: entry.photos.count), for: .screen)
                    let href = "images/\(XHTML.anchor(entry: entry.id))-\(index + 1).jpg"
                    try zip.add("OEBPS/" + href, data: prepared.jpeg, method: .stored)
                    items.append(.init(id: "img-\(items.count)", href: href, mediaType: "image/jpeg", properties: nil))
                    photoFiles[key] = href
                } catch let error as PhotoError {
                    notices.append(Diagnostic(code: error.code, message: "\(photo.name): \(error)", entry: entry.id))
                    if !placeholderWritten {
                        try zip.add("OEBPS/images/placeholder.jpg", data: try placeholderJPEG(book.language), method: .stored)
                        items.append(.init(id: "img-placeholder", href: "images/placeholder.jpg", mediaType: "image/jpeg", properties: nil))
                        placeholderWritten = true
                    }
                    photoFiles[key] = "images/placeholder.jpg"
                }
            }
        }

        let coverRenderer = CoverRenderer(product: product, typography: typography)
        try zip.add("OEBPS/images/cover.jpg", data: try coverRenderer.renderPicture(cover, pixelWidth: 1600, photos: preparer), method: .stored)
        items.append(.init(id: "cover-image", href: "images/cover.jpg", mediaType: "image/jpeg", properties: "cover-image"))
        try add("cover.xhtml", XHTML.document(title: book.language.coverWord, language: book.language,
                                              body: "<section epub:type=\"cover\" class=\"cover\"><img src=\"images/cover.jpg\" alt=\"\(XHTML.escape(book.language.coverWord)): \(XHTML.escape(book.title))\"/></section>",
                                              bodyClass: "cover"), id: "cover")
        var title = "<section epub:type=\"titlepage\" class=\"titlepage\">\n" + XHTML.pageBreak(1, label: numbering.label(1)) + "\n"
        title += "<h1 class=\"book-title\">\(XHTML.escape(book.title))</h1>\n"
        if let subtitle = book.subtitle, !subtitle.isEmpty { title += "<p class=\"subtitle\">\(XHTML.escape(subtitle))</p>\n" }
        title += "<p class=\"author\">\(XHTML.escape(book.author))</p>\n</section>"
        try add("title.xhtml", XHTML.document(title: book.title, language: book.language, body: title), id: "title")

        var marks: [PageMark.Place: [Int]] = [:]
        for mark in pageMarks { marks[mark.place, default: []].append(mark.page) }
        let writer = EPUBChapterWriter(language: book.language, markdown: MarkdownReader(language: book.language),
                                       marks: marks, numbering: numbering, photoFile: { entry, index in photoFiles["\(entry.id)/\(index)"] ?? "images/placeholder.jpg" })
        // Each mark's chapter, found once: a decade's thousands of marks are not searched for
        // again in every chapter.
        let chapterOfEntry = Dictionary(book.chapters.enumerated().flatMap { index, chapter in chapter.entries.map { ($0.id, index) } }) { first, _ in first }
        let marksByChapter = Dictionary(grouping: pageMarks) { mark -> Int? in
            switch mark.place {
            case .chapter(let index): index
            case .entry(let id), .block(let id, _): chapterOfEntry[id]
            }
        }
        var toc: [EPUBPackage.NavPoint] = []
        var pageList: [(page: Int, href: String, label: String)] = [(1, "title.xhtml#page-1", numbering.label(1))]
        var spine = ["cover", "title", "nav"]
        var usesItalic = false, usesBold = false
        for (index, chapter) in book.chapters.enumerated() {
            let href = String(format: "chapter-%03d.xhtml", index + 1)
            let xhtml = writer.chapter(chapter, index: index)
            // Byte searches: Foundation's contains compares by canonical equivalence, slowly.
            usesItalic = usesItalic || xhtml.utf8.firstRange(of: "<em>".utf8) != nil || xhtml.utf8.firstRange(of: "<blockquote>".utf8) != nil
            usesBold = usesBold || xhtml.utf8.firstRange(of: "<strong>".utf8) != nil
            try add(href, xhtml, id: "chapter-\(index + 1)")
            spine.append("chapter-\(index + 1)")
            toc.append(.init(title: book.language.chapterTitle(year: chapter.year, month: chapter.month), href: href,
                             children: chapter.entries.map { entry in
                                 var label = book.language.entryDate(entry.local)
                                 if let heading = entry.title?.trimmingCharacters(in: .whitespacesAndNewlines), !heading.isEmpty { label += " — " + heading }
                                 return .init(title: label, href: href + "#" + XHTML.anchor(entry: entry.id), children: [])
                             }))
            for mark in marksByChapter[index] ?? [] {
                pageList.append((mark.page, href + "#page-\(mark.page)", numbering.label(mark.page)))
            }
        }
        if toc.isEmpty { toc.append(.init(title: book.title, href: "title.xhtml", children: [])) }

        var fonts: [EPUBFont] = []
        let wanted: [(String, Int, Bool)] = [(typography.sansFamily, 400, false), (typography.sansFamily, 600, false),
                                             (typography.serifFamily, 400, false)]
            + (usesItalic ? [(typography.sansFamily, 400, true)] : []) + (usesBold ? [(typography.sansFamily, 700, false)] : [])
        for (family, weight, italic) in wanted {
            guard let font = EPUBFont.find(family: family, weight: weight, italic: italic), !fonts.contains(where: { $0.file == font.file }) else { continue }
            try zip.addStored("OEBPS/" + font.href, contentsOf: font.file)
            items.append(.init(id: "font-\(fonts.count + 1)", href: font.href, mediaType: font.mediaType, properties: nil))
            fonts.append(font)
        }
        try add("style.css", EPUBPackage.css(fonts: fonts, typography: typography), id: "css", mediaType: "text/css")

        let identifier = NameUUID.urn("folio-order:" + orderID)
        var package = EPUBPackage(book: book, identifier: identifier, modified: InteriorRenderer.isoDate(book.contentDate),
                                  items: [], spine: spine, toc: toc, pageList: pageList.sorted { $0.page < $1.page },
                                  hasPhotos: book.entries.contains { !$0.photos.isEmpty })
        try add("nav.xhtml", package.nav, id: "nav", properties: "nav")
        try zip.add("OEBPS/toc.ncx", data: Data(package.ncx.utf8), method: .deflated)
        // The manifest is complete only now: everything above, the NCX included.
        package.items = items + [.init(id: "ncx", href: "toc.ncx", mediaType: "application/x-dtbncx+xml", properties: nil)]
        try zip.add("OEBPS/content.opf", data: Data(package.opf.utf8), method: .deflated)
        try zip.finish()
        return Result(notices: notices)
    }

    /// A grey picture reading "Photo unavailable": the manifest never names a missing file.
    private func placeholderJPEG(_ language: BookLanguage) throws -> Data {
        try PlaceholderPicture.jpeg(text: language.photoUnavailable, typography: typography, language: language)
    }
}
