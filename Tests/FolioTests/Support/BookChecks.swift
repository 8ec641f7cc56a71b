import Document
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress
@testable import Render

/// Checks on a whole rendered book: its page plan and its PDF text.
enum BookChecks {
    /// The resolved book and page plan for an order in a workspace.
    static func plan(_ workspace: Workspace, order: [String: Any]) throws -> (book: Book, plan: InteriorRenderer.Plan) {
        let data = try JSONSerialization.data(withJSONObject: order)
        let input = try JobInput.load(orderData: data, orderFile: "order.json", config: try workspace.config)
        let book = Resolver.resolve(order: input.order, journal: input.journal).book
        let plan = try InteriorRenderer(product: input.product).plan(book, file: workspace.root.appendingPathComponent("x.pdf"))
        return (book, plan)
    }

    /// Writes the demo diary in `language` as the export "demo" and returns an order for it.
    static func demoOrder(_ language: BookLanguage, seed: UInt64, in workspace: Workspace) throws -> [String: Any] {
        _ = try DemoExport.write(language: language, year: 2025, to: workspace.exports.appendingPathComponent("demo"), seed: seed)
        return Sample.order(export: "demo", language: language.rawValue)
    }

    /// No page ends with one line of a paragraph that continues, none starts with the last line
    /// of one, and no entry head is the last thing on a page.
    static func expectNoWidowsOrOrphans(_ plan: InteriorRenderer.Plan, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, page) in plan.layout.pages.enumerated() {
            guard let chapter = page.chapter else { continue }
            let flow = plan.flows[chapter]
            for placement in page.placements {
                let block = flow[placement.block]
                guard block.splittable, !block.keepWithNext, block.lineCount >= 2 else { continue }
                let continues = placement.lines.upperBound < block.lineCount
                let continued = placement.lines.lowerBound > 0
                if continues || continued {
                    #expect(placement.lines.count >= 2, "page \(index + 1): \(placement.lines.count) line of a split paragraph",
                            sourceLocation: sourceLocation)
                }
            }
            if let last = page.placements.last, flow[last.block].keepWithNext, last.block + 1 < flow.count {
                Issue.record("page \(index + 1) ends with a heading", sourceLocation: sourceLocation)
            }
        }
    }

    /// No word of the PDF ends right of the text frame (as pdftotext measures it): justified
    /// lines, their hyphens included, end on the measure. With the product's margin kerning a
    /// word ending in a hanging mark may pass it by that mark's share of its width, taken as an
    /// em for the em dash and the ellipsis and half an em for the rest (wider than the body
    /// face's own).
    static func expectTextInsideTheMeasure(_ pdf: URL, product: Prepress.Product,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frame = TextFrame(geometry: product.geometry, lineHeight: 1)
        let right = frame.left + frame.width
        let typography = Typography(product: product)
        let kerning = MarginKerning()
        let run = try Tool.run("pdftotext", ["-bbox", pdf.path, "-"])
        var outside: [String] = []
        var hanging = 0
        for (index, page) in run.output.components(separatedBy: "<page ").dropFirst().enumerated() {
            for word in page.components(separatedBy: "<word ").dropFirst() {
                guard let range = word.range(of: #"xMax="([0-9.]+)""#, options: .regularExpression) else { continue }
                let value = Double(word[range].dropFirst(6).dropLast()) ?? 0
                let text = word.split(separator: ">", maxSplits: 1).last?.prefix { $0 != "<" } ?? ""
                let last = unescapingXML(String(text)).unicodeScalars.last
                let share = typography.marginKerning ? last.map(kerning.rightShare) ?? 0 : 0
                if value > right + 0.5 && share > 0 { hanging += 1 }
                let wide = last == "\u{2014}" || last == "\u{2026}"
                if value > right + 0.5 + share * typography.bodySize * (wide ? 1 : 0.5) {
                    outside.append("page \(index + 1) \"\(text)\" ends at \(value) (measure \(right))")
                }
            }
        }
        #expect(outside.isEmpty, "\(outside.count) words past the measure: \(outside.prefix(5))", sourceLocation: sourceLocation)
        // Margin kerning is visible where it is on, and absent where it is off.
        #expect(typography.marginKerning ? hanging > 0 : hanging == 0, "\(hanging) hanging marks", sourceLocation: sourceLocation)
    }

    /// pdftotext -bbox's word text with its XML entities read.
    static func unescapingXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Verso body pages: the folio, then the title and year; recto: the month, then the folio.
    /// No running head on openers, the title page, contents or blank pages.
    static func expectRunningHeads(_ pdf: URL, book: Book, plan: InteriorRenderer.Plan,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pages = try Tool.pdfText(pdf)
        let title = book.runningTitle.uppercased() + " · "
        var checked = 0
        for (index, page) in plan.layout.pages.enumerated() {
            let number = index + 1
            let text = pages[index]
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let hasFolio = lines.contains { $0 == String(number) || $0.hasSuffix(" \(number)") || $0.hasPrefix("\(number) ") }
            switch page.kind {
            case .body:
                let chapter = book.chapters[page.chapter ?? 0]
                if number % 2 == 0 {
                    #expect(text.contains(title + String(chapter.year)), "page \(number) lacks its verso head", sourceLocation: sourceLocation)
                } else {
                    let month = book.language.monthNames[chapter.month - 1].uppercased()
                    #expect(text.contains(month), "page \(number) lacks its recto head", sourceLocation: sourceLocation)
                }
                #expect(hasFolio, "page \(number) lacks its folio", sourceLocation: sourceLocation)
                checked += 1
            case .chapterOpener, .title, .blank, .imprint:
                #expect(!text.contains(title), "page \(number) (\(page.kind)) has a running head", sourceLocation: sourceLocation)
                #expect(!hasFolio || page.kind == .chapterOpener && text.contains(String(number) + " "),
                        "page \(number) (\(page.kind)) has a folio", sourceLocation: sourceLocation)
            case .contents:
                break
            }
        }
        #expect(checked > 5, sourceLocation: sourceLocation)
    }

    /// Words broken at a line end with a soft hyphen, as pdftotext reads them: (before, after).
    static func hyphenatedWords(_ pdf: URL) throws -> [(String, String)] {
        var words: [(String, String)] = []
        for page in try Tool.pdfText(pdf) {
            let lines = page.split(separator: "\n").map(String.init)
            for (line, next) in zip(lines, lines.dropFirst()) where line.hasSuffix("\u{AD}") {
                let before = String(line.dropLast().reversed().prefix { $0.isLetter }.reversed())
                let after = String(next.prefix { $0.isLetter })
                if !before.isEmpty && !after.isEmpty { words.append((before, after)) }
            }
        }
        return words
    }

    /// Hyphenation points of `words` by pyphen (an independent implementation) with the same
    /// dictionary file.
    static func pyphenPositions(_ words: [String], dictionary: String) throws -> [[Int]] {
        let script = """
            import sys, json, pyphen
            d = pyphen.Pyphen(filename=sys.argv[1], left=1, right=1)
            print(json.dumps([d.positions(w) for w in json.loads(sys.stdin.readline())]))
            """
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("words-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: words).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let run = try Tool.run("sh", ["-c", "python3 -c \"$0\" \"$1\" < \"$2\"", script, dictionary, input.path])
        guard run.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: run.errors]) }
        return try JSONDecoder().decode([[Int]].self, from: Data(run.output.utf8))
    }
}
