import Foundation
import FolioCommandLine
import Jobs

/// `folio-bench`: a half-year and a year of a diary like a real one (and the year again with
/// four times the photos, for memory), each rendered whole by `folio render` in a child
/// process; in the same run the floors (libjpeg-turbo's djpeg and cjpeg doing the year's JPEG
/// work, pango-view laying out its text) and a batch of small books through `folio run`.
/// Prints the figures and the targets beside them; exits 1 only if a job failed.
enum Bench {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        if arguments.flags.contains("queue") { return QueueThroughput.run(console: console) }
        if arguments.flags.contains("scale") {
            return ScaleBench.run(large: arguments.options["jobs"].flatMap(Int.init) ?? 1_000_000, console: console)
        }
        let options: BenchOptions
        do {
            options = try BenchOptions(arguments)
        } catch {
            console.complain("bench: \(error)")
            return 2
        }
        if arguments.flags.contains("volumes") { return VolumeBench.run(options, console: console) }
        if arguments.flags.contains("photo-formats") { return PhotoFormatBench.run(options, console: console) }
        // A folder of this run's own: two benches on one machine (two worktrees) must not
        // clear each other's files. Kept when something fails, for a look.
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-bench-\(getpid())")
        do {
            let succeeded = try measure(options, root: root, console: console)
            if succeeded && !options.keep {
                try? FileManager.default.removeItem(at: root)
            } else {
                console.say("the bench's files: \(root.path)")
            }
            return succeeded ? 0 : 1
        } catch {
            console.complain("bench failed: \(error)\nthe bench's files: \(root.path)")
            return 1
        }
    }

    private static func measure(_ options: BenchOptions, root: URL, console: Terminal) throws(BenchError) -> Bool {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let workspace = try BenchWorkspace(root: root.appendingPathComponent("render"), copying: options.configFile)
        let facts = try ProductFacts(product: options.product, config: try workspace.loadConfig())
        console.say("folio bench: \(facts.id) (\(facts.outputCondition)), \(cores) cores, render threads: "
                    + (options.threads.map(String.init) ?? "render's default"))
        console.say("drawing the photos' pictures")
        let pictures: BenchPictures
        do {
            pictures = try BenchPictures(count: 8, seed: 42)
        } catch {
            throw BenchError("cannot draw the bench's pictures: \(error)")
        }
        let exports = workspace.root.appendingPathComponent("exports")
        var sizes = [("half-year", "half", (options.entries + 1) / 2, options.photos / 2),
                     ("year", "year", options.entries, options.photos)]
        if options.memoryRun { sizes.append(("year, 4× photos", "year-4x", options.entries, options.photos * 4)) }
        var diaries: [BenchDiary] = []
        for (label, export, entries, photos) in sizes {
            console.say("writing the \(label) diary: \(entries) entries, \(photos) photos of \(BenchPictures.width)×\(BenchPictures.height)")
            diaries.append(try BenchDiary.write(label, export: export, entries: entries, photos: photos, under: exports,
                                                pictures: pictures))
        }
        var runs: [RenderRun] = []
        for diary in diaries {
            console.say("rendering the \(diary.label)")
            let run = try RenderRun.measure(diary.label, export: diary.export, workspace: workspace, options: options)
            console.say(String(format: "  %@: %.1f s wall, %.1f s CPU", run.report.status.rawValue, run.wall, run.cpu))
            runs.append(run)
        }
        // The year again as a queued job draws it, with the console's page thumbnails: what they
        // add, beside the job the targets are read against.
        console.say("rendering the year with the console's thumbnails")
        let thumbnailed = try RenderRun.measure("year, with thumbnails", export: diaries[1].export, workspace: workspace,
                                                options: options, extra: ["--thumbnails"])
        console.say(String(format: "  %@: %.1f s wall, %.1f s CPU", thumbnailed.report.status.rawValue, thumbnailed.wall, thumbnailed.cpu))
        let year = diaries[1].summary
        console.say("JPEG floor: djpeg and cjpeg on the year's \(year.photos.count) photos")
        let jpeg = try JPEGFloor.measure(year.photos, facts: facts, pictures: pictures, folder: root.appendingPathComponent("floor"),
                                         cores: cores)
        console.say("text floor: pango-view on the year's text")
        let text = try TextFloor.measure(year.includedParagraphs, facts: facts, folder: root.appendingPathComponent("floor/text"))
        // Not a floor and not timed against one: how evenly the year's lines are set, beside
        // Typst's, in English and in Russian (the same diary written from the Russian phrases).
        console.say("writing the year in Russian")
        let russian = try BenchDiary.write("year, Russian", export: "year-ru", entries: options.entries, photos: options.photos,
                                           under: exports, pictures: pictures, language: .russian)
        console.say("rendering the year in Russian")
        let russianRun = try RenderRun.measure(russian.label, export: russian.export, workspace: workspace, options: options,
                                               language: russian.language.rawValue)
        console.say(String(format: "  %@: %.1f s wall, %.1f s CPU", russianRun.report.status.rawValue, russianRun.wall, russianRun.cpu))
        // Issue 35: a diary written an entry in English, the next in Russian, in an English book;
        // and one in ten languages and eight scripts, whose cost a page is held against English's.
        console.say("writing the year in English and Russian, and in ten languages")
        let bilingual = try BenchDiary.write("year, English and Russian", export: "year-en-ru", entries: options.entries,
                                             photos: options.photos, under: exports, pictures: pictures,
                                             languages: [.english, .russian])
        let multilingual = try BenchDiary.write("year, ten languages", export: "year-multi", entries: options.entries,
                                                photos: options.photos, under: exports, pictures: pictures,
                                                languages: BenchPhrases.multilingual)
        var languageRuns: [RenderRun] = []
        for diary in [bilingual, multilingual] {
            console.say("rendering the \(diary.label)")
            let run = try RenderRun.measure(diary.label, export: diary.export, workspace: workspace, options: options)
            console.say(String(format: "  %@: %.1f s wall, %.1f s CPU", run.report.status.rawValue, run.wall, run.cpu))
            languageRuns.append(run)
        }
        console.say("line spacing: the year's justified lines, Folio's and Typst's (scripts/line_gaps.py)")
        var spacings: [(spacing: LineSpacing, layout: Double?)] = []
        for (diary, run) in [(diaries[1], runs[1]), (russian, russianRun), (bilingual, languageRuns[0])] {
            do {
                let spacing = try LineSpacing.measure(diary.summary.includedParagraphs, languages: diary.summary.includedLanguages,
                                                      language: diary.language,
                                                      folioPDF: run.folder.appendingPathComponent("interior.pdf"), facts: facts,
                                                      script: LineSpacing.script(configFile: options.configFile),
                                                      folder: root.appendingPathComponent("spacing"))
                spacings.append((spacing, run.stage("layout")))
            } catch {
                // Without Typst or the script the rest of the bench still stands.
                console.say("  line spacing of the \(diary.label) not measured: \(error)")
            }
        }
        console.say("structure tree: the year's interior written with and without it (scripts/structure_bytes.py)")
        var structure: StructureBytes?
        do {
            structure = try StructureBytes.measure(runs[1].folder.appendingPathComponent("interior.pdf"), configFile: options.configFile)
        } catch {
            console.say("  the structure tree's bytes not measured: \(error)")
        }
        var batches: [BatchThroughput] = []
        if options.batch {
            let batchRoot = root.appendingPathComponent("batch")
            console.say("batch: writing \(BatchThroughput.books) books of \(BatchThroughput.entriesPerBook) entries and \(BatchThroughput.photosPerBook) photos")
            try BatchThroughput.writeExports(to: batchRoot.appendingPathComponent("exports"), pictures: pictures)
            // The default (each job gets the cores divided among the workers: 2 threads for one
            // worker, 1 each for two), then one worker held to one thread: how the runner scales
            // with processes alone.
            for (workers, threads) in [(1, nil), (2, nil), (1, 1)] as [(Int, Int?)] {
                console.say("batch: folio run --workers \(workers)" + (threads.map { " --threads \($0)" } ?? ""))
                batches.append(try BatchThroughput.measure(workers: workers, threads: threads, root: batchRoot, options: options))
            }
        }

        let printer = BenchPrinter(console: console)
        printer.diaries(diaries)
        printer.jobs(runs + [thumbnailed, russianRun] + languageRuns)
        printer.stages(runs + [thumbnailed])
        let pages = max(1, thumbnailed.pages)
        console.say(String(format: "thumbnails: %.2f s for %d pages (%.1f ms a page); the year with them: %.1f s wall (%+.0f %%), %.1f s CPU (%+.0f %%)",
                           thumbnailed.stage("thumbnails") ?? 0, pages, (thumbnailed.stage("thumbnails") ?? 0) * 1000 / Double(pages),
                           thumbnailed.wall, (thumbnailed.wall / runs[1].wall - 1) * 100, thumbnailed.cpu, (thumbnailed.cpu / runs[1].cpu - 1) * 100))
        console.say("")
        printer.floors(jpeg: jpeg, text: text, facts: facts, photos: year.photos.count)
        if !spacings.isEmpty { printer.lineSpacing(spacings) }
        if !batches.isEmpty { printer.batches(batches) }
        printer.targets(BenchTargets(half: runs[0], year: runs[1], memory: options.memoryRun ? runs[2] : nil,
                                     floor: jpeg.serialNet + text.net, structure: structure, batches: batches,
                                     languages: languageRuns[1], spacings: spacings.map(\.spacing)))
        return (runs + [thumbnailed, russianRun] + languageRuns).allSatisfy { $0.report.status == .done } && batches.allSatisfy { $0.done == BatchThroughput.books }
    }
}
