import CPangoCairo
import Foundation
import Prepress

/// Colour glyphs (emoji) as pictures where their glyphs stand.
extension CairoContext {
    /// Draws a run's colour glyphs: on a PDF as JPEGs made like photos (each written once, however
    /// often it is drawn) over their text's carrier glyphs, on an image as the font's own PNG
    /// with its transparency.
    func drawPictures(of run: GlyphRun, x: Double, y: Double) {
        if colourGlyphs != nil {
            // White, under an opaque picture: no ink anywhere. Cairo drops text whose glyphs have
            // no ink at all, so the carrier has a little (`ColourBitmaps.carrier`).
            cairo_save(pointer)
            cairo_set_source_rgb(pointer, 1, 1, 1)
            showGlyphs(of: run, x: x, y: y)
            cairo_restore(pointer)
        }
        let backdrop = run.background.map {
            Backdrop(red: Self.byte($0.colour.red), green: Self.byte($0.colour.green), blue: Self.byte($0.colour.blue))
        } ?? .paper
        for picture in run.pictures {
            let box = picture.box
            // Cairo 1.16 lists an image in a page's resources once per use, and a dictionary with
            // one key twice is malformed: the nth use on a page draws the glyph's nth image,
            // itself shared by every page.
            var identifier = ColourGlyphPictures.identifier(of: picture, on: backdrop)
            let use = usesOnPage[identifier, default: 0] + 1
            usesOnPage[identifier] = use
            if use > 1 { identifier += "/\(use)" }
            if let pictures = colourGlyphs, let jpeg = pictures.jpeg(for: picture, on: backdrop),
               let surface = pictureSurface(identifier, make: { () throws(RenderError) in try jpegCarrier(jpeg, identifier: identifier) }) {
                paint(surface, sourceWidth: 1, sourceHeight: 1, x: x + box.x, y: y + box.y, width: box.width, height: box.height)
            } else if let surface = pictureSurface(picture.key, make: { () throws(RenderError) in try CairoSurface.png(picture.png, label: surface.label) }) {
                paint(surface, sourceWidth: Double(surface.pixelWidth), sourceHeight: Double(surface.pixelHeight),
                      x: x + box.x, y: y + box.y, width: box.width, height: box.height)
            }
        }
    }

    /// One surface per picture for the whole document, so Cairo writes its image once.
    private func pictureSurface(_ key: String, make: () throws(RenderError) -> CairoSurface) -> CairoSurface? {
        if let known = pictures[key] { return known }
        do {
            let made = try make()
            pictures[key] = made
            return made
        } catch {
            failure = failure ?? error
            return nil
        }
    }

    private static func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
}
