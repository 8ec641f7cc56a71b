import CPangoCairo
import Foundation
import Prepress

/// Colour glyphs (emoji) as pictures where their glyphs stand.
extension CairoContext {
    /// Draws a run's colour glyphs: on a PDF as JPEGs made like photos over their text's carrier
    /// glyphs, on an image as the font's own PNG with its transparency.
    func drawPictures(of run: GlyphRun, x: Double, y: Double) {
        if let prepared = colourGlyphs {
            // White, under an opaque picture: no ink anywhere. Cairo drops text whose glyphs have
            // no ink at all, so the carrier has a little (`ColourBitmaps.carrier`).
            cairo_save(pointer)
            cairo_set_source_rgb(pointer, 1, 1, 1)
            showGlyphs(of: run, x: x, y: y)
            cairo_restore(pointer)
            embedPictures(of: run, x: x, y: y, prepared: prepared)
            return
        }
        for picture in run.pictures {
            let png = picture.png, label = surface.label
            guard let image = pictureSurface(picture.key, make: { () throws(RenderError) in try CairoSurface.png(png, label: label) }) else { continue }
            let box = picture.box
            paint(image, sourceWidth: Double(image.pixelWidth), sourceHeight: Double(image.pixelHeight),
                  x: x + box.x, y: y + box.y, width: box.width, height: box.height)
        }
    }

    /// Each picture as a JPEG prepared for print, flattened onto the run's highlight or the paper.
    /// A glyph's JPEG is written once for its first use on any page, and again only for a second
    /// use on one page: Cairo 1.16 lists an image in a page's resources once per use, and a
    /// dictionary with one key twice is malformed, so the nth use on a page draws the glyph's nth
    /// copy, itself shared by every page.
    private func embedPictures(of run: GlyphRun, x: Double, y: Double, prepared: ColourGlyphPictures) {
        var backdrop = run.background.map {
            Backdrop(red: Self.byte($0.colour.red), green: Self.byte($0.colour.green), blue: Self.byte($0.colour.blue))
        } ?? .paper
        switch pictureBackdrop {
        case .colour(let colour)?: backdrop = colour
        case .drawn(let render)?:
            embedDrawnPictures(of: run, x: x, y: y, prepared: prepared, render: render)
            return
        case nil: break
        }
        for picture in run.pictures {
            var identifier = ColourGlyphPictures.identifier(of: picture, on: backdrop)
            let use = usesOnPage[identifier, default: 0] + 1
            usesOnPage[identifier] = use
            if use > 1 { identifier += "/\(use)" }
            let jpeg: Data
            do {
                jpeg = try prepared.jpeg(for: picture, on: backdrop)
            } catch {
                // Never seen: a font's own bitmap that will not decode. Loud, not a blank.
                failure = failure ?? RenderError(file: surface.label, message: "the colour glyph \(picture.key) cannot be printed: \(error)")
                continue
            }
            let id = identifier
            guard let carrier = pictureSurface(id, make: { () throws(RenderError) in try jpegCarrier(jpeg, identifier: id) }) else { continue }
            let box = picture.box
            paint(carrier, sourceWidth: 1, sourceHeight: 1, x: x + box.x, y: y + box.y, width: box.width, height: box.height)
        }
    }

    /// On art (a cover's front): each picture is the drawing itself where the glyph stands, drawn
    /// on an image with the glyph's transparency, prepared for print like a photo. Each stands
    /// once in its document, so none is shared.
    private func embedDrawnPictures(of run: GlyphRun, x: Double, y: Double, prepared: ColourGlyphPictures,
                                    render: (Rect) -> Data?) {
        for picture in run.pictures {
            let box = Rect(x: x + picture.box.x, y: y + picture.box.y, width: picture.box.width, height: picture.box.height)
            do {
                guard let png = render(box) else { throw PhotoError.unsupported("the art under it could not be drawn") }
                let jpeg = try prepared.jpeg(flattened: png)
                paint(try jpegCarrier(jpeg), sourceWidth: 1, sourceHeight: 1, x: box.x, y: box.y, width: box.width, height: box.height)
            } catch {
                failure = failure ?? RenderError(file: surface.label, message: "the colour glyph \(picture.key) cannot be printed: \(error)")
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
