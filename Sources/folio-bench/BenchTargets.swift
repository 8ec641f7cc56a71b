/// The targets, each beside the figure measured in this run. Figures only: the bench
/// says whether a target is met, and never fails for it.
struct BenchTargets {
    struct Line {
        var figure: String
        var measured: String
        var target: String
        var met: Bool?
    }

    var lines: [Line] = []

    /// `languages`: the year in ten languages, its cost a page against the English year's;
    /// `spacings`: a bilingual book's lines, each script's against Typst's.
    init(half: RenderRun?, year: RenderRun, memory: RenderRun?, floor: Double, structure: StructureBytes?, batches: [BatchThroughput],
         languages: RenderRun? = nil, spacings: [LineSpacing] = []) {
        if floor > 0 {
            add("year CPU ÷ F", year.cpu / floor, "×", atMost: 1.3)
            add("year wall ÷ F", year.wall / floor, "×", atMost: 0.75)
        }
        if let completeness = year.stage("verify_completeness"), year.wall > 0 {
            add("completeness check share of year wall", 100 * completeness / year.wall, " %", atMost: 5, digits: 1)
            // Were there no archived entries, the pages' text would be read for it alone.
            if let pageText = year.stage("verify_page_text") {
                add("the same with the page text it shares", 100 * (completeness + pageText) / year.wall, " %", atMost: 5, digits: 1)
            }
        }
        if let structure { add("structure tree share of the interior's bytes", structure.sharePercent, " %", atMost: 5, digits: 1) }
        if let verify = year.stage("verify"), year.wall > 0 {
            add("verification share of year wall", 100 * verify / year.wall, " %", atMost: 10, digits: 0)
        }
        if let half, half.wall > 0 { add("year ÷ half-year wall", year.wall / half.wall, "×", atMost: 2.2) }
        add("peak RSS, year", year.peakRSSMB, " MB", atMost: 250, digits: 0)
        if let memory, year.peakRSSMB > 0 { add("peak RSS, 4× photos ÷ year", memory.peakRSSMB / year.peakRSSMB, "×", atMost: 1.2) }
        if let languages, languages.pages > 0, year.pages > 0, year.cpu > 0 {
            add("ten languages: CPU a page ÷ the English year's", (languages.cpu / Double(languages.pages)) / (year.cpu / Double(year.pages)),
                "×", atMost: 1.5)
        }
        for spacing in spacings where spacing.label.contains("+") {
            for (script, folio) in spacing.folio.scripts.sorted(by: { $0.key < $1.key }) {
                guard let typst = spacing.typst.scripts[script] else { continue }
                add("\(spacing.label) \(script) lines: gaps over 2× the median, Folio − Typst", 100 * (folio.over2 - typst.over2),
                    " points", atMost: 0, digits: 2)
                add("\(spacing.label) \(script) lines: variation of the gaps, Folio − Typst", folio.variation - typst.variation,
                    "", atMost: 0, digits: 3)
            }
            add("\(spacing.label): longest run of hyphenated lines", Double(spacing.folio.longestHyphenRun), "", atMost: 2, digits: 0)
        }
        for batch in batches {
            lines.append(Line(figure: "batch: books per minute, \(batch.label)",
                              measured: String(format: "%.1f", batch.booksPerMinute), target: "", met: nil))
        }
        // Two workers against one worker on one thread: what more processes buy. Against one
        // worker with both cores it says how much of a book's own work runs in parallel.
        if let two = batches.first(where: { $0.workers == 2 && $0.threads == nil }) {
            for one in batches where one.workers == 1 && one.booksPerMinute > 0 {
                let ratio = two.booksPerMinute / one.booksPerMinute
                lines.append(Line(figure: "batch: 2 workers ÷ \(one.label)", measured: String(format: "%.2f×", ratio),
                                  target: one.threads == 1 ? "≥ 1.8×" : "", met: one.threads == 1 ? ratio >= 1.8 : nil))
            }
        }
    }

    private mutating func add(_ figure: String, _ value: Double, _ unit: String, atMost limit: Double, digits: Int = 2) {
        let format = "%.\(digits)f"
        lines.append(Line(figure: figure, measured: String(format: format, value) + unit,
                          target: "≤ " + String(format: digits == 0 ? "%.0f" : "%g", limit) + unit, met: value <= limit))
    }
}
