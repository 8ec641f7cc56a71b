import CPangoCairo
import Foundation
import Prepress

/// Owns a Cairo PDF surface and its drawing context. Every Cairo failure is thrown with
/// Cairo's own words and the file it was writing.
final class PDFCanvas: PageSurface {
    let embedsJPEG = true
    let pixelsPerPoint: Double? = nil
    let surface: OpaquePointer
    let cairo: OpaquePointer
    let file: URL

    init(file: URL, width: Double, height: Double) throws(RenderError) {
        self.file = file
        surface = cairo_pdf_surface_create(file.path, width, height)
        cairo = cairo_create(surface)
        try check("creating the PDF")
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    func check(_ doing: String) throws(RenderError) {
        let status = cairo_surface_status(surface)
        let contextStatus = cairo_status(cairo)
        let failing = status != CAIRO_STATUS_SUCCESS ? status : contextStatus
        if failing != CAIRO_STATUS_SUCCESS {
            throw RenderError(file: file.path, message: "\(doing): \(String(cString: cairo_status_to_string(failing)))")
        }
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
        cairo_pdf_surface_set_metadata(surface, key.cairoValue, value)
    }

    /// Adds a bookmark to `page` (1-based) at `y` from the top; returns its id for children.
    @discardableResult
    func addOutline(parent: Int32, title: String, page: Int, y: Double) -> Int32 {
        let target = "page=\(page) pos=[0 \(String(format: "%.2f", max(0, y)))]"
        return cairo_pdf_surface_add_outline(surface, parent, title, target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
    }

    /// Starts page `page` of `sheet`: drawing coordinates put the trim's top-left at
    /// (bleed, bleed) whatever this page's bleed edges and marks are.
    func beginPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_save(cairo)
        let offset = sheet.drawingOffset(page: page)
        cairo_translate(cairo, offset.x, offset.y)
    }

    /// Ends the page: crop marks in the page's own coordinates, then the page is emitted.
    func endPage(_ page: Int, of sheet: SheetGeometry) {
        cairo_restore(cairo)
        let marks = sheet.cropMarkLines(page: page)
        if !marks.isEmpty {
            cairo_save(cairo)
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_set_line_width(cairo, 0.25)
            for mark in marks {
                cairo_move_to(cairo, mark.x0, mark.y0)
                cairo_line_to(cairo, mark.x1, mark.y1)
            }
            cairo_stroke(cairo)
            cairo_restore(cairo)
        }
        cairo_show_page(cairo)
    }

    func finish() throws(RenderError) {
        cairo_surface_finish(surface)
        try check("finishing the PDF")
    }
}

/// A failure while drawing, with the file and Cairo's message.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    /// Stable: `render-failed`, or `page-limit-exceeded` when the book cannot fit the product.
    public var code: String
    public var file: String
    public var message: String

    public init(code: String = "render-failed", file: String, message: String) {
        self.code = code
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
