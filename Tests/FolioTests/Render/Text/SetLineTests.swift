import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Prepress
@testable import Render

/// Set lines are what the painter draws (issue 33: page frames, no live Pango paragraph at
/// drawing time), so they must draw exactly what Pango's own renderer draws from the paragraph,
/// and copy as the text they were set from.
@Suite struct SetLineTests {
    /// Paragraphs that exercise what a run can carry: styles, a monospace face, a highlight, a
    /// strikethrough, a raised footnote mark, right-to-left text with digits and Latin, combining
    /// marks, fallback faces for symbols, spaced capitals, justification with hyphens and glyph
    /// expansion. (Colour emoji are pictures, compared apart below.)
    static let samples: [(markup: String, style: ParagraphStyle)] = [
        ("Plain <b>bold</b> <i>italic</i> <b><i>both</i></b> <tt>code()</tt> and a note<sup>1</sup>.", .init()),
        ("Struck <s>through these words</s>, then <span background=\"\(MarkdownReader.highlightColour)\">highlighted ones</span> and <s><span background=\"\(MarkdownReader.highlightColour)\">both</span></s>.", .init()),
        ("עברית עם 2025 ו-Latin באמצע, ثم العربية مع ١٢٣ وكلمة English أيضا.", .init()),
        ("Crème brûlée, Ångström, e\u{301}t\u{E9}, ﬁne, weather ☀ ❤ ✈ ♫.", .init()),
        ("SPACED CAPITALS · 2025", .init(alignment: .right, letterSpacing: 1.2)),
        (String(repeating: "Justified text is set over the whole para\u{AD}graph, with hy\u{AD}phens where the lines need them and ex\u{AD}pansion of the glyphs. ", count: 4),
         .init(alignment: .justified, firstLineIndent: 12)),
    ]

    func paragraph(_ sample: (markup: String, style: ParagraphStyle), engine: TextEngine) -> MeasuredParagraph {
        engine.paragraph(markup: sample.markup, font: engine.typography.font(.body), width: 240, style: sample.style)
    }

    /// Every line drawn from its set line and by Pango from the paragraph, at 4 pixels a point:
    /// the same pixels.
    @Test func setLinesDrawWhatPangoDraws() throws {
        var typography = Typography()
        typography.glyphExpansion = 2
        let engine = TextEngine(typography: typography, language: .english)
        for sample in Self.samples {
            let set = paragraph(sample, engine: engine)
            let height = Int(set.height * 4) + 8
            let ours = try CairoContext(on: CairoSurface.image(width: 1040, height: height, label: "set lines"))
            let pango = try CairoContext(on: CairoSurface.image(width: 1040, height: height, label: "Pango"))
            var drawnLines = 0
            for context in [ours, pango] {
                context.setGray(1)
                context.paint()
                context.setGray(0)
                context.scale(x: 4, y: 4)
            }
            var top = 1.0
            for index in set.lines.indices {
                let line = try #require(set.setLine(index))
                #expect(abs(line.height - set.lines[index].height) < 1e-9)
                ours.draw(line, left: 10, top: top)
                set.drawAsPangoDoes(line: index, left: 10, top: top, on: pango.pointer)
                top += set.lines[index].height
                drawnLines += 1
            }
            try ours.check("drawing set lines")
            try pango.check("drawing with Pango")
            let mine = try ours.surface.packedRGB()
            let reference = try pango.surface.packedRGB()
            let inked = reference.filter { $0 < 128 }.count
            let differing = zip(mine, reference).filter { abs(Int($0) - Int($1)) > 8 }.count
            #expect(inked > 1000, "nothing was drawn: \(sample.markup)")
            #expect(differing == 0, "\(differing) of \(inked) inked bytes differ in \(drawnLines) lines: \(sample.markup)")
        }
    }

    /// Colour emoji (a face, a ZWJ family, a flag, a keycap, a skin tone) are pictures of the
    /// font's bitmaps, painted where Pango's renderer paints the same glyphs: the pixels differ
    /// only by resampling.
    @Test func colourGlyphsArePaintedWherePangoPaintsThem() throws {
        let engine = TextEngine(typography: Typography(), language: .english)
        let set = engine.paragraph(markup: "A face 😀, a family 👨‍👩‍👧, Japan 🇯🇵, a keycap #️⃣ and a thumb 👍🏽.",
                                   font: engine.typography.font(.body), width: 400, style: .init())
        let line = try #require(set.setLine(0))
        #expect(line.runs.flatMap(\.pictures).count == 5)
        let height = Int(set.height * 4) + 8
        let ours = try CairoContext(on: CairoSurface.image(width: 1800, height: height, label: "set lines"))
        let pango = try CairoContext(on: CairoSurface.image(width: 1800, height: height, label: "Pango"))
        for context in [ours, pango] {
            context.setGray(1)
            context.paint()
            context.setGray(0)
            context.scale(x: 4, y: 4)
        }
        ours.draw(line, left: 10, top: 1)
        set.drawAsPangoDoes(line: 0, left: 10, top: 1, on: pango.pointer)
        let mine = try ours.surface.packedRGB()
        let reference = try pango.surface.packedRGB()
        let coloured = reference.indices.filter { $0 % 3 == 0 && (reference[$0] != reference[$0 + 1] || reference[$0 + 1] != reference[$0 + 2]) }
        let difference = coloured.reduce(0) { total, index in
            total + (0..<3).reduce(0) { $0 + abs(Int(mine[index + $1]) - Int(reference[index + $1])) }
        }
        let mean = Double(difference) / Double(max(1, coloured.count * 3)) / 255
        #expect(coloured.count > 5_000, "Pango painted \(coloured.count) coloured pixels")
        #expect(mean < 0.03, "the pictures differ from Pango's by \(mean * 100) % on average")
    }

    /// An emoji stands upright and as large in italic and bold text as in roman: fontconfig gives
    /// the bitmap font a shear and no embedded bitmaps there, and its box must not follow.
    @Test func colourGlyphsKeepTheirBoxInItalicAndBold() throws {
        let engine = TextEngine(typography: Typography(), language: .english)
        var boxes: [GlyphRun.Box] = []
        for markup in ["a 😀 b", "<i>a 😀 b</i>", "<b>a 😀 b</b>", "<b><i>a 😀 b</i></b>"] {
            let line = try #require(engine.paragraph(markup: markup, font: engine.typography.font(.body), width: 400).setLine(0))
            boxes.append(try #require(line.runs.flatMap(\.pictures).first?.box, "\(markup)"))
        }
        for box in boxes.dropFirst() {
            #expect(abs(box.width - boxes[0].width) < 0.05 && abs(box.height - boxes[0].height) < 0.05, "\(boxes)")
        }
    }

    /// On a PDF, an emoji on a highlight is flattened onto the highlight, elsewhere onto the
    /// paper: the corner of its picture, outside the drawing, is the colour behind it.
    @Test func colourGlyphsAreFlattenedOntoWhatTheyStandOn() throws {
        let workspace = try Workspace()
        let product = try workspace.config.product("a5-softcover")
        let engine = TextEngine(typography: Typography(), language: .english)
        let file = workspace.root.appendingPathComponent("flattened.pdf")
        let sheet = SheetGeometry(trimWidth: 300, trimHeight: 60, bleed: 0)
        let canvas = try PDFCanvas(file: file, width: 300, height: 60, product: product)
        canvas.beginPage(1, of: sheet)
        var corners: [(x: Double, y: Double)] = []
        for (index, markup) in ["😀", "<span background=\"\(MarkdownReader.highlightColour)\">😀</span>"].enumerated() {
            let line = try #require(engine.paragraph(markup: markup, font: engine.typography.font(.body), width: 100).setLine(0))
            let left = 20.0 + 150 * Double(index)
            canvas.drawing.draw(line, left: left, top: 10)
            let box = try #require(line.runs.flatMap(\.pictures).first?.box)
            corners.append((left + line.x + box.x + 0.4, 10 + line.baseline + box.y + 0.4))
        }
        canvas.endPage(1, of: sheet)
        try canvas.finish()
        let prefix = workspace.root.appendingPathComponent("flattened").path
        #expect(try Tool.run("pdftoppm", ["-r", "720", "-png", "-singlefile", file.path, prefix]).status == 0)
        let picture = try PNGDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: prefix + ".png")))
        func pixel(_ corner: (x: Double, y: Double)) -> [UInt8] {
            let index = (Int(corner.y * 10) * picture.width + Int(corner.x * 10)) * 3
            return Array(picture.pixels[index..<index + 3])
        }
        #expect(pixel(corners[0]).allSatisfy { $0 > 247 }, "paper: \(pixel(corners[0]))")
        let highlight: [UInt8] = [0xFF, 0xF0, 0xA0]
        #expect(zip(pixel(corners[1]), highlight).allSatisfy { abs(Int($0) - Int($1)) <= 8 }, "highlight: \(pixel(corners[1]))")
    }

    /// The text a set line carries, its runs' text, and its clusters (bytes and glyphs) agree,
    /// so Cairo writes each glyph's text; right-to-left runs map backwards.
    @Test func runsCarryTheirTextAndClusters() throws {
        let engine = TextEngine(typography: Typography(), language: .english)
        for sample in Self.samples {
            let set = paragraph(sample, engine: engine)
            for line in set.setLines {
                var spelled = ""
                for run in line.runs {
                    #expect(run.clusters.reduce(0) { $0 + $1.bytes } == run.text.utf8.count, "\(run.text)")
                    #expect(run.clusters.reduce(0) { $0 + $1.glyphs } == run.glyphs.count, "\(run.text)")
                    spelled += run.text
                }
                // Runs are in visual order; their text is the line's, less only trailing spaces
                // and what Pango drew no run for.
                let letters = { (text: String) in text.unicodeScalars.filter { $0.properties.isAlphabetic }.map(\.value).sorted() }
                #expect(letters(spelled) == letters(line.text), "\(line.text)")
            }
            let rightToLeft = set.setLines.flatMap(\.runs).filter(\.backward).map(\.text).joined()
            if sample.markup.contains("עברית") {
                #expect(rightToLeft.contains("עברית") && rightToLeft.contains("العربية"), "\(rightToLeft)")
            } else {
                #expect(rightToLeft.isEmpty)
            }
        }
    }
}
