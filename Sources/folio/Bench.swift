import Foundation
import Jobs

/// `folio bench`: generates the benchmark diary and renders it in a child process (so peak
/// RSS is the renderer's own), with the default photo count and then four times as many.
enum Bench {
    struct Figures {
        var photos: Int
        var wall: Double
        var cpu: Double
        var peakRSSMB: Double
        var pages: Int
        var bytes: Int64
        var status: String
        var renderMS: Int
        var verifyMS: Int
    }

    static func run(_ arguments: Arguments, console: Console) -> Int32 {
        let photos = Int(arguments.options["photos"] ?? "") ?? 120
        let product = arguments.options["product"] ?? "a5-softcover"
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("folio-bench")
        try? FileManager.default.removeItem(at: root)
        var results: [Figures] = []
        for count in [photos, photos * 4] {
            do {
                results.append(try measure(photos: count, product: product, root: root.appendingPathComponent("p\(count)"),
                                           console: console))
            } catch {
                console.complain("bench failed: \(error)")
                return 1
            }
        }
        console.say("photos  status  pages  wall s  cpu s  peak RSS MB  photos/s  output MB  render s  verify s")
        for r in results {
            console.say(String(format: "%6d  %6@  %5d  %6.1f  %5.1f  %11.0f  %8.1f  %9.1f  %8.1f  %8.2f", r.photos, r.status as NSString,
                               r.pages, r.wall, r.cpu, r.peakRSSMB, Double(r.photos) / r.wall, Double(r.bytes) / 1_048_576,
                               Double(r.renderMS) / 1000, Double(r.verifyMS) / 1000))
        }
        if results.count == 2 {
            console.say(String(format: "peak RSS with 4x the photos: %.2fx", results[1].peakRSSMB / results[0].peakRSSMB))
        }
        return results.allSatisfy { $0.status == "done" } ? 0 : 1
    }

    private static func measure(photos: Int, product: String, root: URL, console: Console) throws -> Figures {
        let config = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let repositoryConfig = FolioConfig.defaultLocation().deletingLastPathComponent()
        for folder in ["products", "destinations", "icc"] where FileManager.default.fileExists(atPath: repositoryConfig.appendingPathComponent(folder).path) {
            try FileManager.default.copyItem(at: repositoryConfig.appendingPathComponent(folder), to: config.appendingPathComponent(folder))
        }
        try Data(#"{"exports_root": "../exports", "inbox": "../inbox", "queue": "sqlite:../folio.db", "jobs": "../jobs", "reports": "../reports"}"#.utf8)
            .write(to: config.appendingPathComponent("folio.json"))
        console.say("generating 365 entries with \(photos) photos of 4032×3024")
        try BenchExport.write(to: root.appendingPathComponent("exports/bench"), entries: 365, photos: photos, seed: 42)
        let order: [String: Any] = [
            "format": "folio-order/1", "id": "bench", "export": "bench",
            "book": ["title": "Bench", "author": "Folio", "language": "en", "scope": ["all": true], "cover": ["preset": "night"]],
            "outputs": ["interior"], "product": product, "destination": "local",
        ]
        let orderFile = root.appendingPathComponent("bench.json")
        try JSONSerialization.data(withJSONObject: order).write(to: orderFile)
        let out = root.appendingPathComponent("out")
        console.say("rendering")
        let start = Date()
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.path
        guard let outcome = MeasuredProcess.run(executable, ["render", orderFile.path, "--out", out.path, "--config",
                                                             config.appendingPathComponent("folio.json").path]) else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable)"])
        }
        let wall = Date().timeIntervalSince(start)
        let cpu = outcome.cpuSeconds
        let report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
        return Figures(photos: photos, wall: wall, cpu: cpu, peakRSSMB: Double(outcome.maxRSSKB) / 1024,
                       pages: report.outputs.first?.pages ?? 0, bytes: report.outputs.first?.bytes ?? 0,
                       status: report.status.rawValue, renderMS: report.timingsMS["render"] ?? 0,
                       verifyMS: report.timingsMS["verify"] ?? 0)
    }
}
