import Foundation
import FolioCommandLine
import Jobs

/// `folio-bench --volumes`: ten years of a diary (3,650 entries, 300 photos) set as volumes of
/// the product (issue 37), beside the same journal as one book of the same pages (the product's
/// page limit lifted) and a year's book. Targets: the set's wall time at most 1.1 × the one
/// book's, its peak memory at most the year's book's plus 25 %.
enum VolumeBench {
    static func run(_ options: BenchOptions, console: Terminal) -> Int32 {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-volume-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            let workspace = try BenchWorkspace(root: root, copying: options.configFile)
            let unlimited = try liftLimit(of: options.product, in: workspace)
            let pictures: BenchPictures
            do { pictures = try BenchPictures(count: 8, seed: 42) } catch { throw BenchError("cannot draw the bench's pictures: \(error)") }
            let exports = workspace.root.appendingPathComponent("exports")
            console.say("folio-bench --volumes: \(options.product); writing a year (365 entries, 120 photos) and ten years (3,650 entries, 300 photos)")
            let year = try BenchDiary.write("year", export: "year", entries: 365, photos: 120, under: exports, pictures: pictures)
            let decade = try BenchDiary.write("ten years", export: "decade", entries: 3_650, photos: 300, under: exports, pictures: pictures)
            var runs: [(String, RenderRun)] = []
            for (label, export, product) in [("a year's book", year.export, options.product),
                                             ("ten years, one book (limit lifted)", decade.export, unlimited),
                                             ("ten years, volumes", decade.export, options.product)] {
                console.say("rendering \(label)")
                var settings = options
                settings.product = product
                let run = try RenderRun.measure(label, export: export, workspace: workspace, options: settings,
                                                extra: [], language: "en", suffix: product)
                guard run.report.status == .done else { throw BenchError("\(label): \(String(describing: run.report.error))") }
                runs.append((label, run))
            }
            console.say("")
            console.say("| run | volumes | pages | wall s | CPU s | peak RSS MB | layout s | draw s | epub s |")
            console.say("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            for (label, run) in runs {
                let volumes = run.report.volumes.map { "\($0.count) (\($0.map { String($0.pages) }.joined(separator: ", ")))" } ?? "1"
                console.say(String(format: "| %@ | %@ | %d | %.1f | %.1f | %.0f | %.1f | %.1f | %.1f |", label, volumes, run.pages, run.wall, run.cpu,
                                   run.peakRSSMB, run.stage("layout") ?? 0, run.stage("draw") ?? 0, run.stage("epub") ?? 0))
            }
            let (yearRun, one, set) = (runs[0].1, runs[1].1, runs[2].1)
            let wallRatio = set.wall / one.wall, memoryRatio = set.peakRSSMB / yearRun.peakRSSMB
            console.say(String(format: "volumes ÷ one book, wall: %.2f (target ≤ 1.10) %@", wallRatio, wallRatio <= 1.1 ? "met" : "NOT met"))
            console.say(String(format: "volumes' peak RSS ÷ the year's: %.2f (target ≤ 1.25) %@", memoryRatio, memoryRatio <= 1.25 ? "met" : "NOT met"))
            return 0
        } catch {
            console.complain("bench failed: \(error)")
            return 1
        }
    }

    /// A copy of `product` whose page limit is lifted: the same pages as one book, for timing.
    private static func liftLimit(of product: String, in workspace: BenchWorkspace) throws(BenchError) -> String {
        let products = workspace.configFile.deletingLastPathComponent().appendingPathComponent("products")
        let id = "\(product)-unlimited"
        do {
            let data = try Data(contentsOf: products.appendingPathComponent("\(product).json"))
            guard var json = try JSONSerialization.jsonObject(with: data) as? [String: Any], var pages = json["pages"] as? [String: Any] else {
                throw BenchError("\(product).json has no pages")
            }
            pages["max"] = 10_000
            json["pages"] = pages
            try JSONSerialization.data(withJSONObject: json).write(to: products.appendingPathComponent("\(id).json"))
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("cannot write the product \(id): \(error)")
        }
        return id
    }
}
