import Document
import Diagnostics
import Foundation
import Prepress

extension CoverArtist {
    /// Title, subtitle, a rule under the title, the author: sized from the trim width so a
    /// cover.jpg of any pixel size keeps the same proportions.
    func drawTitleBlock(on drawing: any Drawing, trim: Rect) {
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
        drawing.setColour(red: ink.r, green: ink.g, blue: ink.b)
        top = drawing.drawLines(title.setLines, left: trim.x + margin, top: top)
        if let subtitle = content.subtitle?.trimmingCharacters(in: .whitespacesAndNewlines), !subtitle.isEmpty {
            var font = typography.font(.titlePageSubtitle)
            font.size = 15 * unit
            let paragraph = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(subtitle)), font: font,
                                             width: width, style: centered)
            top = drawing.drawLines(paragraph.setLines, left: trim.x + margin, top: top + 6 * unit)
        }
        let rule = 56 * unit
        drawing.rectangle(x: trim.x + (trim.width - rule) / 2, y: top + 14 * unit, width: rule, height: 0.8 * unit)
        drawing.fill()
        var authorFont = typography.font(.titlePageAuthor)
        authorFont.size = 10.5 * unit
        var authorStyle = centered
        authorStyle.letterSpacing = 1.8 * unit
        let author = engine.paragraph(markup: PangoMarkup.escape(TextCleaner.clean(content.author).uppercased()),
                                      font: authorFont, width: width, style: authorStyle)
        top = drawing.drawLines(author.setLines, left: trim.x + margin, top: top + 30 * unit)
        if let volume = content.volume {
            var font = typography.font(.titlePageSubtitle)
            font.size = 12 * unit
            let label = engine.paragraph(markup: PangoMarkup.escape(volume.label), font: font, width: width, style: centered)
            top = drawing.drawLines(label.setLines, left: trim.x + margin, top: top + 16 * unit)
            font.size = 10 * unit
            let dates = engine.paragraph(markup: PangoMarkup.escape(volume.dates), font: font, width: width, style: centered)
            drawing.drawLines(dates.setLines, left: trim.x + margin, top: top + 3 * unit)
        }
    }

    /// The scrim: black, from 40 % of the trim's height down, its opacity at these stops along it.
    static let scrim = (start: 0.4, stops: [(0.0, 0.0), (0.35, 0.55), (1.0, 0.7)])

    /// The scrim's opacity at `t` along it (0 at its start, 1 at the trim's foot; padded beyond).
    static func scrimAlpha(at t: Double) -> Double {
        let stops = scrim.stops
        guard let first = stops.first, let last = stops.last else { return 0 }
        if t <= first.0 { return first.1 }
        for (low, high) in zip(stops, stops.dropFirst()) where t <= high.0 {
            return low.1 + (high.1 - low.1) * (t - low.0) / (high.0 - low.0)
        }
        return last.1
    }

    /// The order's photo, cover-cropped to the art, under a scrim that keeps the title legible.
    func drawPhoto(on drawing: any Drawing, art: Rect, trim: Rect, embed: Bool) -> Diagnostic? {
        guard let file = content.photo else { return nil }
        let prepared: PreparedPhoto
        do {
            prepared = try photos.prepare(file, cap: PhotoCap.cover, for: embed ? .print : .screen)
        } catch {
            return Diagnostic(code: error.code, message: "cover photo \(file.lastPathComponent): \(error)")
        }
        let aspect = Double(prepared.pixelWidth) / Double(prepared.pixelHeight)
        var width = art.width, height = art.width / aspect
        if height < art.height { (height, width) = (art.height, art.height * aspect) }
        let x = art.x + (art.width - width) / 2, y = art.y + (art.height - height) / 2
        if embed, opaque {
            // No transparency allowed: the scrim goes into the photo's pixels instead.
            let start = trim.y + trim.height * Self.scrim.start, length = trim.height * (1 - Self.scrim.start)
            let composited = ScrimCompositing.composite(prepared.jpeg, quality: 92) { row, rows in
                Self.scrimAlpha(at: ((y + (Double(row) + 0.5) / Double(rows) * height) - start) / length)
            }
            if let composited {
                drawing.embedJPEG(composited, x: x, y: y, width: width, height: height)
                return nil
            }
        }
        if embed {
            drawing.embedJPEG(prepared.jpeg, x: x, y: y, width: width, height: height)
        } else {
            drawing.paintJPEG(prepared.jpeg, x: x, y: y, width: width, height: height, pixelsPerPoint: nil)
        }
        let stops = Self.scrim.stops.map { GradientStop(offset: $0.0, red: 0, green: 0, blue: 0, alpha: $0.1) }
        drawing.setLinearGradient(x0: 0, y0: trim.y + trim.height * Self.scrim.start, x1: 0, y1: trim.y + trim.height, stops: stops)
        drawing.fillRectangle(x: art.x, y: art.y, width: art.width, height: art.height)
        return nil
    }
}
