import Diagnostics
/// Paragraphs the whole-paragraph breaker could set only on its least-bad pass (a long word or
/// a URL on the measure): each gets a preflight `info` naming the page it starts on, so an
/// operator can look at it; nothing is wrong with the book.
enum LooseParagraphs {
    static func notices(flows: [[FlowBlock]], layout: BookLayout, paragraphs: [MeasuredParagraph]) -> [Diagnostic] {
        var notices: [Diagnostic] = []
        var seen = Set<Int>()
        for (index, page) in layout.pages.enumerated() {
            guard let chapter = page.chapter else { continue }
            for placement in page.placements {
                let block = flows[chapter][placement.block]
                guard case .text(let paragraph, _) = block.content, paragraphs[paragraph].wholeParagraph?.isLoose == true,
                      seen.insert(paragraph).inserted else { continue }
                var entry: String?
                if case .block(let id, _) = block.source { entry = id }
                notices.append(Diagnostic(code: .paragraphLoose,
                                          message: "a paragraph could not be set within the word-spacing tolerance; it has the least loose lines found",
                                          entry: entry, page: index + 1, isInformational: true))
            }
        }
        return notices
    }
}
