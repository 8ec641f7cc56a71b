import CPangoCairo
import Foundation
import Prepress

/// The cover spread (`cover.pdf`: back, spine, front, with bleed around the whole) and the
/// cover as a picture (EPUB cover.jpg, report preview), all drawn by `drawCover`.
public struct CoverRenderer: Sendable {
    public var product: Product
    public var typography: Typography

    public init(product: Product, typography: Typography? = nil) {
        self.product = product
        self.typography = typography ?? Typography(product: product)
    }

    public struct Spread: Sendable {
        /// The whole spread (back + spine + front) as a sheet: its boxes and marks.
        public var sheet: SheetGeometry
        public var spineWidth: Double
        public var spineText: Bool
        public var notices: [RenderNotice]
    }

    /// `photos`: the job's pool, so the cover photo is decoded once for every use.
    public func renderSpread(_ content: CoverContent, pages: Int, photos: PhotoPool? = nil, to file: URL) throws(RenderError) -> Spread {
        let geometry = product.geometry
        let bleed = geometry.bleed
        let spine = product.spineWidth(pages: pages)
        let sheet = product.coverSheet(pages: pages)
        let mediaHeight = geometry.mediaHeight
        let canvas = try PDFCanvas(file: file, width: sheet.mediaWidth, height: sheet.mediaHeight)
        canvas.setMetadata(.title, content.title + " — cover")
        canvas.setMetadata(.author, content.author)
        canvas.setMetadata(.creator, "Folio")
        let engine = TextEngine(typography: typography, language: content.language)
        var artist = CoverArtist(engine: engine, photos: try PhotoPool.given(photos, product: product), content: content)
        artist.opaque = product.pdfx.map { !$0.allowsTransparency } ?? false
        let cairo = canvas.cairo
        canvas.beginPage(1, of: sheet)
        let back = Rect(x: bleed, y: bleed, width: geometry.trimWidth, height: geometry.trimHeight)
        let front = Rect(x: bleed + geometry.trimWidth + spine, y: bleed, width: geometry.trimWidth, height: geometry.trimHeight)
        // Back: the preset's background out to the bleed on the left, top and bottom.
        artist.drawBackground(on: cairo, art: Rect(x: 0, y: 0, width: bleed + geometry.trimWidth + spine / 2, height: mediaHeight))
        var notices: [RenderNotice] = []
        if let notice = artist.drawCover(on: cairo, trim: front, bleed: bleed, embedPhotoAsJPEG: true) { notices.append(notice) }
        let colour = content.preset.spine
        cairo_set_source_rgb(cairo, colour.r, colour.g, colour.b)
        cairo_rectangle(cairo, back.x + back.width, 0, spine, mediaHeight)
        cairo_fill(cairo)
        let spineText = Points.fromMillimetres(product.spineTextMinimumMM) <= spine
        if spineText { drawSpineText(artist, on: cairo, x: back.x + back.width, width: spine, trim: front) }
        if let zone = product.barcodeZone {
            // Plain paper where the printer prints its barcode: nothing of the art beneath it.
            cairo_set_source_rgb(cairo, 1, 1, 1)
            cairo_rectangle(cairo, back.x + back.width - zone.fromSpine - zone.width, back.y + back.height - zone.fromBottom - zone.height,
                            zone.width, zone.height)
            cairo_fill(cairo)
        }
        canvas.endPage(1, of: sheet)
        try canvas.check("drawing the cover")
        try canvas.finish()
        return Spread(sheet: sheet, spineWidth: spine, spineText: spineText, notices: notices)
    }

    /// Title and author along the spine, reading top to bottom.
    private func drawSpineText(_ artist: CoverArtist, on cairo: OpaquePointer, x: Double, width: Double, trim: Rect) {
        var font = typography.font(.titlePageAuthor)
        font.size = min(9, width * 0.45)
        let text = "\(TextCleaner.clean(artist.content.title)) · \(TextCleaner.clean(artist.content.author))".uppercased()
        let line = artist.engine.paragraph(markup: PangoMarkup.escape(text), font: font, width: trim.height * 0.8,
                                           style: ParagraphStyle(alignment: .center, letterSpacing: 1))
        guard let first = line.lines.first else { return }
        let ink = artist.content.preset.ink
        cairo_save(cairo)
        cairo_set_source_rgb(cairo, ink.r, ink.g, ink.b)
        cairo_translate(cairo, x + width / 2, trim.y + trim.height / 2)
        cairo_rotate(cairo, .pi / 2)
        line.draw(line: 0, left: -trim.height * 0.4, top: -first.height / 2, on: cairo)
        cairo_restore(cairo)
    }

    /// The front cover as a JPEG (or PNG) `pixelWidth` wide, drawn by `drawCover` on an image
    /// surface scaled to points.
    public func renderPicture(_ content: CoverContent, pixelWidth: Int, png: Bool = false, photos: PhotoPool? = nil) throws(RenderError) -> Data {
        let geometry = product.geometry
        let pixelHeight = Int((Double(pixelWidth) * geometry.trimHeight / geometry.trimWidth).rounded())
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight))
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { throw RenderError(file: "cover", message: "cannot create a drawing context") }
        defer { cairo_destroy(cairo) }
        cairo_scale(cairo, Double(pixelWidth) / geometry.trimWidth, Double(pixelHeight) / geometry.trimHeight)
        let engine = TextEngine(typography: typography, language: content.language)
        let artist = CoverArtist(engine: engine, photos: try PhotoPool.given(photos, product: product), content: content)
        artist.drawCover(on: cairo, trim: Rect(x: 0, y: 0, width: geometry.trimWidth, height: geometry.trimHeight),
                         bleed: 0, embedPhotoAsJPEG: false)
        cairo_surface_flush(surface)
        guard cairo_status(cairo) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw RenderError(file: "cover", message: "cannot draw the cover picture")
        }
        if png { return try PNGWriting.data(surface) }
        do {
            return try JPEGEncoder.encodeCairoRGB(data, width: pixelWidth, height: pixelHeight,
                                                  stride: Int(cairo_image_surface_get_stride(surface)), quality: 90,
                                                  iccProfile: try? ICCProfile.sRGB())
        } catch {
            throw RenderError(file: "cover.jpg", message: "\(error)")
        }
    }
}

/// Cairo image surface → PNG bytes.
enum PNGWriting {
    static func data(_ surface: OpaquePointer?) throws(RenderError) -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(file: "preview.png", message: "cannot write PNG") }
        return sink.data
    }
}
