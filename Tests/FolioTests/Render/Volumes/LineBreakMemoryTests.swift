import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Render

/// A set's volumes are drawn with the breaks its measuring pass kept (issue 37): each volume's
/// paragraphs set so are the same lines, to the point, as set anew, and every paragraph kept
/// is taken, so nothing is found twice and nothing is left in memory.
@Suite struct LineBreakMemoryTests {
    @Test(arguments: [(BookLanguage.english, UInt64(3)), (.russian, 4)])
    func aVolumeSetWithTheKeptBreaksIsSetAsAnew(_ language: BookLanguage, _ seed: UInt64) throws {
        let workspace = try Workspace()
        let order = try BookChecks.demoOrder(language, seed: seed, in: workspace)
        let input = try JobInput.load(orderData: try JSONSerialization.data(withJSONObject: order), orderFile: "order.json",
                                      config: try workspace.config)
        let book = Resolver.resolve(order: input.order, journal: input.journal).book
        let set = try VolumePlanner(product: input.product).plan(book, count: 3, maximumPages: nil, photos: nil, threads: 2)
        try #require(set.volumes.count == 3)
        let kept = set.lineBreaks.count
        #expect(kept > 100, "only \(kept) paragraphs kept")
        var paragraphs = 0, wholeParagraphs = 0
        for volume in set.volumes {
            var remembering = InteriorRenderer(product: input.product)
            remembering.lineBreaks = set.lineBreaks
            let file = workspace.root.appendingPathComponent("v\(volume.number).pdf")
            let recalled = try remembering.plan(volume.book, file: file)
            let anew = try InteriorRenderer(product: input.product).plan(volume.book, file: file)
            #expect(input.product.pageRules.paddedCount(for: recalled.contentPages) == volume.pages)
            #expect(recalled.layout.pages.map(\.placements.count) == anew.layout.pages.map(\.placements.count))
            try #require(recalled.builder.paragraphs.count == anew.builder.paragraphs.count)
            for (one, other) in zip(recalled.builder.paragraphs, anew.builder.paragraphs) {
                paragraphs += 1
                if one.wholeParagraph != nil { wholeParagraphs += 1 }
                #expect(one.wholeParagraph == other.wholeParagraph, "\(one.markup.prefix(60))")
                #expect(one.lines.map { [$0.height, $0.baseline, $0.x, $0.width] } == other.lines.map { [$0.height, $0.baseline, $0.x, $0.width] },
                        "\(one.markup.prefix(60))")
                #expect(one.measuredRightEdges == other.measuredRightEdges, "\(one.markup.prefix(60))")
            }
        }
        #expect(wholeParagraphs > 100 && paragraphs > wholeParagraphs, "\(wholeParagraphs) of \(paragraphs) broken over the whole paragraph")
        #expect(set.lineBreaks.count == 0, "\(set.lineBreaks.count) of \(kept) paragraphs kept but never taken")
    }
}

/// What the memory holds: a paragraph's breaks by the bytes of its markup, as often as kept.
@Suite struct LineBreakMemoryKeyTests {
    static let decision = WholeParagraphBreaking.Decision(keptSoftHyphens: [], lineStarts: [0, 9], textLength: 20, isLoose: false, expansions: [])

    static func paragraph(_ markup: String, lineCount: Int? = nil) -> LineBreakMemory.Paragraph {
        LineBreakMemory.Paragraph(markup: markup, font: "Serif 10", width: 100, style: ParagraphStyle(alignment: .justified), lineCount: lineCount)
    }

    /// "é" typed as one character and as "e" with an accent are equal Swift strings; their
    /// bytes, and so their breaks' offsets, differ: one is not the other's.
    @Test func aParagraphIsKeptByItsBytes() {
        let memory = LineBreakMemory()
        memory.keep(Self.decision, for: Self.paragraph("caf\u{E9} au lait, le matin"))
        #expect(memory.take(Self.paragraph("cafe\u{301} au lait, le matin")) == nil)
        #expect(memory.take(Self.paragraph("caf\u{E9} au lait, le matin", lineCount: 3)) == nil)
        #expect(memory.take(Self.paragraph("caf\u{E9} au lait, le matin"))??.lineStarts == [0, 9])
        #expect(memory.count == 0)
    }

    /// A paragraph measured twice (a diary repeats itself) is drawn twice; one that keeps
    /// Pango's own breaking is remembered as such.
    @Test func aParagraphIsTakenAsOftenAsKept() {
        let memory = LineBreakMemory()
        memory.keep(Self.decision, for: Self.paragraph("Good day."))
        memory.keep(Self.decision, for: Self.paragraph("Good day."))
        memory.keep(nil, for: Self.paragraph("A line"))
        #expect(memory.count == 2)
        #expect(memory.take(Self.paragraph("A line")).map { $0 == nil } == true)
        #expect(memory.take(Self.paragraph("Good day."))??.textLength == 20)
        #expect(memory.take(Self.paragraph("Good day."))??.textLength == 20)
        #expect(memory.take(Self.paragraph("Good day.")) == nil)
        #expect(memory.count == 0)
    }
}
