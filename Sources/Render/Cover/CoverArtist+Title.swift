import CPangoCairo
import Foundation
import Prepress

extension CoverArtist {
    /// Title, subtitle, a rule under the title, the author: sized from the trim width so a
    /// cover.jpg of any pixel size keeps the same proportions.
    func drawTitleBlock(on cairo: OpaquePointer, trim: Rect) {
        let typography = engine.typography
        let unit = trim.width / 419.53
        let margin = trim.width * 0.12
        let width = trim.width - 2 * margin
        let ink = content.preset.ink
        let onPhoto = content.preset == .photo
        var top = trim.y + trim.height * (onPhoto ? 0.58 : 0.30)
        let centered = ParagraphStyle(alignment: .center)
        var titleFont = typography.font(.titlePageTitle)
        titleFont.size = 34 * unit
        let title = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(content.title)), font: titleFont,
                                     width: width, style: ParagraphStyle(alignment: .center, lineHeight: 38 * unit))
        cairo_set_source_rgb(cairo, ink.r, ink.g, ink.b)
        top = drawLines(title, on: cairo, left: trim.x + margin, top: top)
        if let subtitle = content.subtitle?.trimmingCharacters(in: .whitespacesAndNewlines), !subtitle.isEmpty {
            var font = typography.font(.titlePageSubtitle)
            font.size = 15 * unit
            let paragraph = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(subtitle)), font: font,
                                             width: width, style: centered)
            top = drawLines(paragraph, on: cairo, left: trim.x + margin, top: top + 6 * unit)
        }
        let rule = 56 * unit
        cairo_rectangle(cairo, trim.x + (trim.width - rule) / 2, top + 14 * unit, rule, 0.8 * unit)
        cairo_fill(cairo)
        var authorFont = typography.font(.titlePageAuthor)
        authorFont.size = 10.5 * unit
        var authorStyle = centered
        authorStyle.letterSpacing = 1.8 * unit
        let author = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(content.author).uppercased()),
                                      font: authorFont, width: width, style: authorStyle)
        drawLines(author, on: cairo, left: trim.x + margin, top: top + 30 * unit)
    }

    @discardableResult
    func drawLines(_ paragraph: MeasuredParagraph, on cairo: OpaquePointer, left: Double, top: Double) -> Double {
        var y = top
        for index in paragraph.lines.indices {
            paragraph.draw(line: index, left: left, top: y, on: cairo)
            y += paragraph.lines[index].height
        }
        return y
    }

    /// The order's photo, cover-cropped to the art, under a scrim that keeps the title legible.
    func drawPhoto(on cairo: OpaquePointer, art: Rect, trim: Rect, embed: Bool) -> RenderNotice? {
        guard let file = content.photo else { return nil }
        let prepared: PreparedPhoto
        do {
            prepared = try photos.prepare(file, cap: PhotoCap.cover, for: embed ? .print : .screen)
        } catch {
            return RenderNotice(code: error.code, message: "cover photo \(file.lastPathComponent): \(error)")
        }
        let aspect = Double(prepared.pixelWidth) / Double(prepared.pixelHeight)
        var width = art.width, height = art.width / aspect
        if height < art.height { (height, width) = (art.height, art.height * aspect) }
        let x = art.x + (art.width - width) / 2, y = art.y + (art.height - height) / 2
        if embed {
            PhotoEmbedding.embedJPEG(prepared.jpeg, on: cairo, x: x, y: y, width: width, height: height)
        } else {
            PhotoEmbedding.paintJPEG(prepared.jpeg, on: cairo, x: x, y: y, width: width, height: height)
        }
        let scrim = cairo_pattern_create_linear(0, trim.y + trim.height * 0.4, 0, trim.y + trim.height)
        cairo_pattern_add_color_stop_rgba(scrim, 0, 0, 0, 0, 0)
        cairo_pattern_add_color_stop_rgba(scrim, 0.35, 0, 0, 0, 0.55)
        cairo_pattern_add_color_stop_rgba(scrim, 1, 0, 0, 0, 0.7)
        cairo_set_source(cairo, scrim)
        cairo_rectangle(cairo, art.x, art.y, art.width, art.height)
        cairo_fill(cairo)
        cairo_pattern_destroy(scrim)
        return nil
    }
}
