import Foundation
import FolioCommandLine

/// The bench's tables, printed once every figure of the run is in.
struct BenchPrinter {
    let console: Terminal

    func diaries(_ diaries: [BenchDiary]) {
        var table = TextTable(["diary", "entries", "archived", "archived sentences", "long", "words", "printed words",
                               "photos", "single", "in grids"])
        for diary in diaries {
            let s = diary.summary
            table.add([diary.label, "\(s.entries)", "\(s.archived)", "\(s.archivedSentences)", "\(s.longEntries)", "\(s.words)",
                       "\(s.includedWords)", "\(s.photos.count)", "\(s.photos.count - s.gridPhotos)", "\(s.gridPhotos)"])
        }
        print(table)
    }

    func jobs(_ runs: [RenderRun]) {
        var table = TextTable(["job (interior + cover + EPUB)", "status", "pages", "out MB", "wall s", "CPU s", "CPU ÷ wall",
                               "peak RSS MB"])
        for run in runs {
            table.add([run.label, run.report.status.rawValue, "\(run.pages)", fixed(run.outputMB, 1), fixed(run.wall, 1),
                       fixed(run.cpu, 1), fixed(run.wall > 0 ? run.cpu / run.wall : 0, 2), fixed(run.peakRSSMB, 0)])
        }
        print(table)
        for run in runs {
            if let error = run.report.error { console.say("  \(run.label): \(error.code): \(error.message)") }
        }
    }

    func stages(_ runs: [RenderRun]) {
        let keys = StageColumns.keys(in: runs)
        var table = TextTable(["stage s (report.json timings_ms)"] + keys)
        for run in runs { table.add([run.label] + keys.map { key in run.stage(key).map { fixed($0, 2) } ?? "—" }) }
        print(table)
    }

    /// Issue 26's table: Folio's justified lines beside Typst's, the same paragraphs and face,
    /// a pair of columns per language, each with Folio's layout time of that year.
    func lineSpacing(_ measured: [(spacing: LineSpacing, layout: Double?)]) {
        let spacings = measured.map(\.spacing)
        console.say("Line spacing of the year's justified body lines (mean word gap per line against the median line's):")
        var table = TextTable(["figure"] + spacings.flatMap { ["Folio \($0.label)", "Typst 0.15 \($0.label)"] })
        func percent(_ share: Double) -> String { fixed(share * 100, 1) + " %" }
        func row(_ name: String, _ value: (LineSpacing.Figures) -> String) {
            table.add([name] + spacings.flatMap { [value($0.folio), value($0.typst)] })
        }
        row("justified lines") { "\($0.lines)" }
        row("median gap pt") { fixed($0.medianGap, 2) }
        row("gaps over 1.5× the median") { percent($0.over15) }
        row("gaps over 2× the median") { percent($0.over2) }
        row("coefficient of variation of the gaps") { fixed($0.variation, 3) }
        row("lines ending in a hyphen") { percent($0.hyphenated) }
        row("longest run of hyphenated lines") { "\($0.longestHyphenRun)" }
        print(table)
        for spacing in spacings where !spacing.folio.scripts.isEmpty {
            // Issue 35: each script's lines apart, Folio's beside Typst's.
            let names = spacing.folio.scripts.keys.sorted()
            var scripts = TextTable(["\(spacing.label), by script"] + names.flatMap { ["Folio \($0)", "Typst \($0)"] })
            func scriptRow(_ name: String, _ value: (LineSpacing.Figures) -> String) {
                scripts.add([name] + names.flatMap { script in
                    [spacing.folio.scripts[script].map(value) ?? "—", spacing.typst.scripts[script].map(value) ?? "—"]
                })
            }
            scriptRow("justified lines") { "\($0.lines)" }
            scriptRow("gaps over 2× the median") { percent($0.over2) }
            scriptRow("coefficient of variation of the gaps") { fixed($0.variation, 3) }
            scriptRow("lines ending in a hyphen") { percent($0.hyphenated) }
            scriptRow("longest run of hyphenated lines") { "\($0.longestHyphenRun)" }
            print(scripts)
        }
        for (spacing, layout) in measured {
            console.say("  \(spacing.label): Folio's layout of the year: " + (layout.map { fixed($0, 2) + " s" } ?? "—")
                        + "; Typst's compile with the reading: " + fixed(spacing.typstSeconds, 2) + " s")
        }
        console.say("")
    }

    func floors(jpeg: JPEGFloor, text: TextFloor, facts: ProductFacts, photos: Int) {
        console.say("Floors for the year (\(photos) photos), each measured here:")
        let scales = jpeg.decodes.sorted { $0.key < $1.key }.map { "\($0.value) at \($0.key)/8" }.joined(separator: ", ")
        let sizes = jpeg.encodes.sorted { $0.key > $1.key }.map { "\($0.value) at \($0.key)" }.joined(separator: ", ")
        console.say("  JPEG: djpeg decodes \(scales); cjpeg -quality \(jpeg.quality) -optimize encodes \(sizes)"
                    + (jpeg.inkEncodes > 0 ? ", and \(jpeg.inkEncodes) four-channel print JPEGs" : ""))
        var table = TextTable(["floor", "processes", "wall s", "CPU s", "starts s", "net wall s"])
        table.add(["JPEG, one process at a time", "\(jpeg.serial.processes)", fixed(jpeg.serial.wall, 2), fixed(jpeg.serial.cpu, 2),
                   fixed(jpeg.startCosts, 2), fixed(jpeg.serialNet, 2)])
        table.add(["JPEG, \(jpeg.cores) at a time", "\(jpeg.parallel.processes)", fixed(jpeg.parallel.wall, 2),
                   fixed(jpeg.parallel.cpu, 2), fixed(jpeg.startCosts / Double(jpeg.cores), 2), fixed(jpeg.parallelNet, 2)])
        table.add(["text, pango-view", "\(text.run.processes)", fixed(text.run.wall, 2), fixed(text.run.cpu, 2),
                   fixed(text.startCosts, 2), fixed(text.net, 2)])
        print(table)
        console.say("  text: \(text.characters) characters in \(text.chunks) chunks: pango-view \(text.arguments.joined(separator: " "))")
        console.say(String(format: "  F = JPEG one process + text = %.2f s (net of process starts)", jpeg.serialNet + text.net))
    }

    func batches(_ batches: [BatchThroughput]) {
        var table = TextTable(["batch through folio run", "books done", "wall s", "CPU s", "books per minute"])
        for batch in batches {
            table.add(["\(BatchThroughput.books) books, \(batch.label)",
                       "\(batch.done)/\(BatchThroughput.books)", fixed(batch.wall, 1), fixed(batch.cpu, 1),
                       fixed(batch.booksPerMinute, 1)])
        }
        print(table)
    }

    func targets(_ targets: BenchTargets) {
        var table = TextTable(["figure", "measured", "target", ""])
        for line in targets.lines {
            table.add([line.figure, line.measured, line.target, line.met.map { $0 ? "met" : "not met" } ?? ""])
        }
        print(table)
    }

    private func print(_ table: TextTable) {
        console.say("")
        table.lines.forEach(console.say)
    }

    private func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
