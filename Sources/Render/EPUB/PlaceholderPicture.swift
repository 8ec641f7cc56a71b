import Document
import Foundation
import Prepress

/// A small JPEG that stands in for a photo that cannot be shown.
enum PlaceholderPicture {
    static func jpeg(text: String, typography: Typography, language: BookLanguage) throws -> Data {
        let (width, height) = (800, 600)
        let context = try CairoContext(on: try CairoSurface.image(width: width, height: height, label: "placeholder.jpg"))
        context.setGray(0.93)
        context.paint()
        context.setGray(0.4)
        let engine = TextEngine(typography: typography, language: language)
        var font = typography.font(.caption)
        font.size = 36
        let label = engine.paragraph(markup: PangoMarkup.escape(text), font: font, width: Double(width),
                                     style: ParagraphStyle(alignment: .center))
        if let line = label.setLine(0) { context.draw(line, left: 0, top: (Double(height) - label.height) / 2) }
        try context.check("drawing the placeholder")
        return try context.surface.jpeg(quality: 85, iccProfile: nil)
    }
}
