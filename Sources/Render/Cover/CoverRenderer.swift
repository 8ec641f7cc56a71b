import Document
import Diagnostics
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
        public var notices: [Diagnostic]
    }

    /// `photos`: the job's pool, so the cover photo is decoded once for every use.
    public func renderSpread(_ content: CoverContent, pages: Int, photos: PhotoPool? = nil, to file: URL) throws(RenderError) -> Spread {
        let geometry = product.geometry
        let bleed = geometry.bleed
        let spine = product.spineWidth(pages: pages)
        let sheet = product.coverSheet(pages: pages)
        let mediaHeight = geometry.mediaHeight
        let canvas = try PDFCanvas(file: file, width: sheet.mediaWidth, height: sheet.mediaHeight, product: product)
        canvas.setMetadata(.title, content.title + " — cover")
        canvas.setMetadata(.author, content.author)
        canvas.setMetadata(.creator, "Folio")
        let engine = TextEngine(typography: typography, language: content.language)
        var artist = CoverArtist(engine: engine, photos: try PhotoPool.given(photos, product: product), content: content)
        artist.opaque = product.pdfx.map { !$0.allowsTransparency } ?? false
        let drawing = canvas.drawing
        canvas.beginPage(1, of: sheet)
        // The front is right of the spine, or left of it on a book bound on the right.
        let frontLeft = content.language.bindsOnRight
        let spineX = bleed + geometry.trimWidth
        let sides = [bleed, spineX + spine].map { Rect(x: $0, y: bleed, width: geometry.trimWidth, height: geometry.trimHeight) }
        let (back, front) = frontLeft ? (sides[1], sides[0]) : (sides[0], sides[1])
        // Back: the preset's background out to the bleed on its outer side, top and bottom.
        let bleedWidth = 2 * (bleed + geometry.trimWidth) + spine
        let backArt = frontLeft ? Rect(x: spineX + spine / 2, y: 0, width: bleedWidth - spineX - spine / 2, height: mediaHeight)
                                : Rect(x: 0, y: 0, width: spineX + spine / 2, height: mediaHeight)
        artist.drawBackground(on: drawing, art: backArt)
        var notices: [Diagnostic] = []
        if let notice = artist.drawCover(on: drawing, trim: front, bleed: bleed, embedPhotoAsJPEG: true) { notices.append(notice) }
        let colour = content.preset.spine
        drawing.setColour(red: colour.r, green: colour.g, blue: colour.b)
        // Past the sheet's head and foot: a rasteriser that rounds a plain rectangle to whole
        // pixels (poppler does) would otherwise leave the last row of the spine unpainted, and
        // the art beneath reaches only half across it, so paper showed as a hairline.
        drawing.fillRectangle(x: spineX, y: -bleed, width: spine, height: mediaHeight + 2 * bleed)
        let spineText = Points.fromMillimetres(product.spineTextMinimumMM) <= spine
        if spineText { drawSpineText(artist, on: drawing, x: spineX, width: spine, trim: front) }
        if let zone = product.barcodeZone {
            // Plain paper where the printer prints its barcode: nothing of the art beneath it.
            drawing.setColour(red: 1, green: 1, blue: 1)
            drawing.fillRectangle(x: frontLeft ? back.x + zone.fromSpine : back.x + back.width - zone.fromSpine - zone.width,
                                  y: back.y + back.height - zone.fromBottom - zone.height, width: zone.width, height: zone.height)
        }
        canvas.endPage(1, of: sheet)
        try canvas.check("drawing the cover")
        try canvas.finish()
        return Spread(sheet: sheet, spineWidth: spine, spineText: spineText, notices: notices)
    }

    /// Title, the volume's place in its set and author along the spine, reading top to bottom.
    private func drawSpineText(_ artist: CoverArtist, on drawing: any Drawing, x: Double, width: Double, trim: Rect) {
        var font = typography.font(.titlePageAuthor)
        font.size = min(9, width * 0.45)
        let parts = [TextCleaner.clean(artist.content.title), artist.content.volume?.label, TextCleaner.clean(artist.content.author)]
        let text = parts.compactMap { $0 }.joined(separator: " · ").uppercased()
        let line = artist.engine.paragraph(markup: PangoMarkup.escape(text), font: font, width: trim.height * 0.8,
                                           style: ParagraphStyle(alignment: .center, letterSpacing: 1))
        guard let first = line.lines.first else { return }
        let ink = artist.content.preset.ink
        drawing.save()
        drawing.setColour(red: ink.r, green: ink.g, blue: ink.b)
        drawing.translate(x: x + width / 2, y: trim.y + trim.height / 2)
        drawing.rotate(by: .pi / 2)
        let spine = artist.content.preset.spine
        drawing.pictureBackdrop = .colour(Backdrop(red: UInt8((spine.r * 255).rounded()), green: UInt8((spine.g * 255).rounded()),
                                                   blue: UInt8((spine.b * 255).rounded())))
        if let set = line.setLine(0) { drawing.draw(set, left: -trim.height * 0.4, top: -first.height / 2) }
        drawing.pictureBackdrop = nil
        drawing.restore()
    }

    /// The front cover as a JPEG (or PNG) `pixelWidth` wide, drawn by `drawCover` on an image
    /// surface scaled to points.
    public func renderPicture(_ content: CoverContent, pixelWidth: Int, png: Bool = false, photos: PhotoPool? = nil) throws(RenderError) -> Data {
        let geometry = product.geometry
        let pixelHeight = Int((Double(pixelWidth) * geometry.trimHeight / geometry.trimWidth).rounded())
        let context = try CairoContext(on: try CairoSurface.image(width: pixelWidth, height: pixelHeight, label: "cover"))
        context.scale(x: Double(pixelWidth) / geometry.trimWidth, y: Double(pixelHeight) / geometry.trimHeight)
        let engine = TextEngine(typography: typography, language: content.language)
        let artist = CoverArtist(engine: engine, photos: try PhotoPool.given(photos, product: product), content: content)
        artist.drawCover(on: context, trim: Rect(x: 0, y: 0, width: geometry.trimWidth, height: geometry.trimHeight),
                         bleed: 0, embedPhotoAsJPEG: false)
        try context.check("drawing the cover picture")
        if png { return try context.surface.png() }
        return try context.surface.jpeg(quality: 90, iccProfile: try? ICCProfile.sRGB())
    }
}
