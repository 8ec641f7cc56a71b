import Foundation

extension CoverArtist {
    /// The front as it is drawn on an image, only `box` of it, at 300 ppi (the glyph's bitmap
    /// scaled up where the title is larger than it is sharp): what an emoji of the title looks
    /// like on the art, to print in its place.
    func picture(of box: Rect, trim: Rect, bleed: Double) -> Data? {
        let scale = 300.0 / 72
        let width = max(1, Int((box.width * scale).rounded(.up))), height = max(1, Int((box.height * scale).rounded(.up)))
        guard let context = try? CairoContext(on: CairoSurface.image(width: width, height: height, label: "cover art")) else { return nil }
        context.scale(x: scale, y: scale)
        context.translate(x: -box.x, y: -box.y)
        drawCover(on: context, trim: trim, bleed: bleed, embedPhotoAsJPEG: false)
        return try? context.surface.png()
    }
}
