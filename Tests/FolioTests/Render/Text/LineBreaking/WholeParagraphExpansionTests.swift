import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Render

/// Glyph expansion as Pango and Cairo set it: lines scaled by their factor still fill the
/// measure, keep their words, and a product turns it on with `glyph_expansion`.
@Suite struct WholeParagraphExpansionTests {
    func paragraph(_ text: String, language: BookLanguage, width: Double, percent: Double) throws -> MeasuredParagraph {
        var typography = Typography()
        typography.marginKerning = false
        typography.glyphExpansion = percent
        let engine = TextEngine(typography: typography, language: language)
        let hyphenator = try #require(Hyphenator.forLanguage(language))
        let markup = Hyphenator.keepingLastWordsWhole(hyphenator.hyphenate(PangoMarkup.escape(text)))
        return engine.paragraph(markup: markup, font: typography.font(.body), width: width,
                                style: ParagraphStyle(alignment: .justified))
    }

    @Test(arguments: [(WholeParagraphTests.english, BookLanguage.english), (WholeParagraphTests.russian, .russian)])
    func expandedLinesFillTheMeasureWithTheSameWords(_ text: String, _ language: BookLanguage) throws {
        var scaled = 0
        for width in stride(from: 180.0, through: 320, by: 20) {
            let set = try paragraph(text, language: language, width: width, percent: 2)
            #expect(set.wholeParagraph != nil, "width \(width): Pango's own breaking was kept")
            #expect(set.expansions.allSatisfy { abs($0 - 1) <= GlyphExpansion.largest + 1e-9 }, "\(set.expansions)")
            scaled += set.expansions.filter { $0 != 1 }.count
            let words = set.lineTexts.joined().replacingOccurrences(of: "\u{AD}", with: "").split(whereSeparator: \.isWhitespace)
            #expect(words == text.split(whereSeparator: \.isWhitespace), "width \(width)")
            // Drawn scaled, every justified line ends on the measure.
            for (line, edge) in zip(set.lineTexts, set.measuredRightEdges).dropLast() {
                #expect(abs(edge - width) < 0.05, "width \(width), \(line): \(edge)")
            }
        }
        #expect(scaled > 0, "no line was expanded")
        #expect(try paragraph(text, language: language, width: 245, percent: 0).expansions.isEmpty)
    }

    /// The interior with 2 % renders and passes verification (whose completeness check reads
    /// the PDF's words back), with every word inside the measure.
    @Test func aBookWithExpansionKeepsItsWords() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/products/a5-softcover.json")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        product["glyph_expansion"] = 2
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        #expect(try workspace.config.product("a5-softcover").glyphExpansionPercent == 2)
        let order = try BookChecks.demoOrder(.english, seed: 1, in: workspace)
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        try BookChecks.expectTextInsideTheMeasure(folder.appendingPathComponent("interior.pdf"),
                                                  product: try workspace.config.product("a5-softcover"))
    }

    /// `glyph_expansion` is 1 % unless a product sets it, in half percents up to 2.
    @Test(arguments: [(3.0, false), (1.3, false), (-0.5, false), (1.5, true)])
    func theKeyTakesHalfPercentsUpToTwo(_ value: Double, _ valid: Bool) throws {
        let workspace = try Workspace()
        #expect(try workspace.config.product("a5-softcover").glyphExpansionPercent == 1)
        let file = workspace.root.appendingPathComponent("config/products/a5-softcover.json")
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        product["glyph_expansion"] = value
        try JSONSerialization.data(withJSONObject: product).write(to: file)
        if valid {
            #expect(Typography(product: try workspace.config.product("a5-softcover")).glyphExpansion == value)
        } else {
            #expect(throws: (any Error).self) { try workspace.config.product("a5-softcover") }
        }
    }
}
