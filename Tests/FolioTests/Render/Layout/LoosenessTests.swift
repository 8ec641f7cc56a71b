import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Render

/// Pagination asks a paragraph for a line more or less (TeX's looseness ±1) where keeping the
/// widow and orphan rules would leave a line empty at a page's foot, on the demo diaries as
/// rendered: the page the rules left a line short before is full in the PDF now.
@Suite struct LoosenessTests {
    @Test(arguments: [(BookLanguage.english, UInt64(1)), (.russian, 2)])
    func aParagraphSetALineLongerOrShorterFillsThePage(_ language: BookLanguage, _ seed: UInt64) throws {
        let workspace = try Workspace()
        let order = try BookChecks.demoOrder(language, seed: seed, in: workspace)
        let (_, plan) = try BookChecks.plan(workspace, order: order)
        BookChecks.expectNoWidowsOrOrphans(plan)
        let changed = plan.layout.lineCounts
        try #require(!changed.isEmpty, "no paragraph was set in another number of lines")
        let lineHeight = InteriorRenderer(product: try workspace.config.product("a5-softcover")).typography.bodyLineHeight
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error))")
        let pdf = folder.appendingPathComponent("interior.pdf")

        var pagesFilled = 0
        for chapter in plan.flows.indices {
            let flow = plan.flows[chapter]
            // The first block of the chapter set again: every page before it is the same either way.
            guard let block = flow.indices.first(where: { flow[$0].paragraph.map { changed[$0] != nil } ?? false }),
                  let paragraph = flow[block].paragraph else { continue }
            let now = plan.layout.pages.enumerated().filter { $0.element.chapter == chapter }
            guard let sink = now.first?.element.placements.first?.y,
                  let pageIndex = now.firstIndex(where: { $0.element.placements.contains { $0.block == block } }) else { continue }
            let before = try Paginator(areaHeight: plan.frame.height).paginate(setAsItCame(flow, plan: plan), firstPageTop: sink)
            #expect(before.count > pageIndex)
            let page = now[pageIndex].element
            // Pango's own setting of the paragraph left room for a line here; the setting chosen fills it.
            #expect(room(on: before[pageIndex], flow: setAsItCame(flow, plan: plan), area: plan.frame.height) >= lineHeight - 0.01)
            #expect(room(on: page.placements, flow: flow, area: plan.frame.height) < lineHeight - 0.01,
                    "page \(now[pageIndex].offset + 1), paragraph \(paragraph) in \(plan.builder.paragraphs[paragraph].lines.count) lines")
            // In the PDF the page's text ends on the text area's last line, with the words the
            // layout put there.
            let number = now[pageIndex].offset + 1
            let lines = try bodyLines(pdf, page: number, frame: plan.frame)
            let last = try #require(lines.last)
            #expect(last.bottom > plan.frame.top + plan.frame.height - lineHeight, "page \(number) ends at \(last.bottom)")
            let placed = try #require(page.placements.last)
            let text = try #require(flow[placed.block].paragraph.map { plan.builder.paragraphs[$0].lineTexts[placed.lines.upperBound - 1] })
            #expect(Self.words(text).last == Self.words(last.words.joined(separator: " ")).last, "page \(number): \(last.words) ≠ \(text)")
            pagesFilled += 1
        }
        #expect(pagesFilled > 0)
    }

    /// `flow` with every paragraph pagination set again back in the lines it came with.
    func setAsItCame(_ flow: [FlowBlock], plan: InteriorRenderer.Plan) -> [FlowBlock] {
        flow.map { block in
            guard let paragraph = block.paragraph, plan.layout.lineCounts[paragraph] != nil else { return block }
            let set = plan.builder.paragraphs[paragraph]
            let original = plan.builder.engine.paragraph(markup: set.markup, font: set.font, width: set.width, style: set.style)
            var copy = block
            copy.content = .text(paragraph: paragraph, lineHeights: original.lines.map(\.height))
            return copy
        }
    }

    /// The height left below a page's last placement.
    func room(on placements: [Placement], flow: [FlowBlock], area: Double) -> Double {
        guard let last = placements.last else { return area }
        let height: Double = switch flow[last.block].content {
        case .text(_, let heights): heights[last.lines].reduce(0, +)
        case .figure(_, let height): height
        }
        return area - last.y - height
    }

    /// The page's words inside the text area, grouped into lines top to bottom, as pdftotext
    /// reads them.
    func bodyLines(_ pdf: URL, page: Int, frame: TextFrame) throws -> [(bottom: Double, words: [String])] {
        let run = try Tool.run("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        let pattern = try NSRegularExpression(pattern: #"<word xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>"#)
        let text = run.output as NSString
        var lines: [(bottom: Double, words: [String])] = []
        for match in pattern.matches(in: run.output, range: NSRange(location: 0, length: text.length)) {
            let bottom = Double(text.substring(with: match.range(at: 1))) ?? 0
            guard bottom > frame.top, bottom < frame.top + frame.height + 1 else { continue }
            let word = BookChecks.unescapingXML(text.substring(with: match.range(at: 2)))
            if let index = lines.firstIndex(where: { abs($0.bottom - bottom) < 1 }) {
                lines[index].words.append(word)
            } else {
                lines.append((bottom, [word]))
            }
        }
        return lines.sorted { $0.bottom < $1.bottom }
    }

    /// A line's words without hyphens at their ends (a soft hyphen reads as either).
    static func words(_ line: String) -> [String] {
        line.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\u{AD}-\u{2010}")) }
    }
}

private extension FlowBlock {
    var paragraph: Int? {
        if case .text(let paragraph, _) = content { paragraph } else { nil }
    }
}
