import CPangoCairo
import Foundation
import Prepress

/// Owns a Cairo PDF surface and its drawing context. Every Cairo failure is thrown with
/// Cairo's own words and the file it was writing.
final class PDFCanvas: PageSurface {
    let embedsJPEG = true
    let pixelsPerPoint: Double? = nil
    private let surface: CairoSurface
    private let context: CairoContext
    var drawing: any Drawing { context }

    /// `product`: whose output colour and ink limit colour glyphs are printed in.
    init(file: URL, width: Double, height: Double, product: Product) throws(RenderError) {
        surface = try CairoSurface.pdf(file: file, width: width, height: height)
        context = try CairoContext(on: surface)
        context.colourGlyphs = ColourGlyphPictures(product: product)
        try check("creating the PDF")
        cairo_pdf_surface_restrict_to_version(surface.pointer, CAIRO_PDF_VERSION_1_5)
    }

    func check(_ doing: String) throws(RenderError) {
        try context.check(doing)
    }

    enum Metadata {
        case title, author, subject, creator, creationDate

        var cairoValue: cairo_pdf_metadata_t {
            switch self {
            case .title: CAIRO_PDF_METADATA_TITLE
            case .author: CAIRO_PDF_METADATA_AUTHOR
            case .subject: CAIRO_PDF_METADATA_SUBJECT
            case .creator: CAIRO_PDF_METADATA_CREATOR
            case .creationDate: CAIRO_PDF_METADATA_CREATE_DATE
            }
        }
    }

    func setMetadata(_ key: Metadata, _ value: String) {
        cairo_pdf_surface_set_metadata(surface.pointer, key.cairoValue, value)
    }

    /// Adds a bookmark to `page` (1-based) at `y` from the top; returns its id for children.
    @discardableResult
    func addOutline(parent: Int32, title: String, page: Int, y: Double) -> Int32 {
        let target = "page=\(page) pos=[0 \(String(format: "%.2f", max(0, y)))]"
        return cairo_pdf_surface_add_outline(surface.pointer, parent, title, target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
    }

    /// Starts page `page` of `sheet`: drawing coordinates put the trim's top-left at
    /// (bleed, bleed) whatever this page's bleed edges and marks are.
    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        context.save()
        let offset = sheet.drawingOffset(page: page)
        context.translate(x: offset.x, y: offset.y)
    }

    /// Ends the page: crop marks in the page's own coordinates, then the page is emitted.
    func endPage(_ page: Int, of sheet: SheetGeometry) {
        context.restore()
        let marks = sheet.cropMarkLines(page: page)
        if !marks.isEmpty {
            context.saved {
                context.setColour(red: 0, green: 0, blue: 0)
                context.setLineWidth(0.25)
                for mark in marks {
                    context.move(toX: mark.x0, y: mark.y0)
                    context.line(toX: mark.x1, y: mark.y1)
                }
                context.stroke()
            }
        }
        cairo_show_page(context.pointer)
        context.usesOnPage.removeAll()
    }

    /// Writes the rest of the PDF and closes it; a failure on the way (a full disk) is thrown.
    func finish() throws(RenderError) {
        try surface.finish("finishing the PDF")
        try check("finishing the PDF")
    }
}
