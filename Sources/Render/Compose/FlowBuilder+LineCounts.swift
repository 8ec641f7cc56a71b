/// The builder's paragraphs in a line more or less, for pagination (`LineCountSettings`): each
/// setting asked for is made once and kept until the layout is decided, then the chosen ones
/// replace the paragraphs they were made from.
extension FlowBuilder: LineCountSettings {
    func lineHeights(paragraph: Int, lineCount: Int) -> [Double]? {
        guard paragraphs.indices.contains(paragraph) else { return nil }
        if let made = otherSettings[paragraph]?[lineCount] { return made?.lines.map(\.height) }
        let made = paragraphs[paragraph].settingIn(lineCount: lineCount)
        otherSettings[paragraph, default: [:]][lineCount] = .some(made)
        return made?.lines.map(\.height)
    }

    /// Puts the settings pagination chose (`BookLayout.lineCounts`) in place of their
    /// paragraphs, and `flows`' blocks of them get their lines' heights.
    func adopt(_ lineCounts: [Int: Int], in flows: inout [[FlowBlock]]) {
        for (paragraph, count) in lineCounts {
            guard let made = otherSettings[paragraph]?[count] ?? nil else { continue }
            replace(paragraph, with: made)
        }
        otherSettings = [:]
        for chapter in flows.indices {
            for block in flows[chapter].indices {
                guard case .text(let paragraph, _) = flows[chapter][block].content, lineCounts[paragraph] != nil else { continue }
                flows[chapter][block].content = .text(paragraph: paragraph, lineHeights: paragraphs[paragraph].lines.map(\.height))
            }
        }
    }
}
