import Foundation
import Jobs

/// One `folio render` of a bench order, in a child process so that its peak memory and CPU time
/// are the renderer's own; the stages' times come from the job's report.json.
struct RenderRun {
    var label: String
    var wall: Double
    var cpu: Double
    var peakRSSMB: Double
    var report: JobReport
    /// Where its files are (interior.pdf and the rest).
    var folder: URL

    /// The interior's pages, over every volume of a set.
    var pages: Int { report.interiorPages ?? 0 }
    var outputMB: Double { Double(report.outputs.reduce(Int64(0)) { $0 + $1.bytes }) / 1_048_576 }
    /// A stage's time in seconds, if the report has it.
    func stage(_ key: String) -> Double? { report.timingsMS[key].map { Double($0) / 1000 } }

    /// `extra`: more arguments for `folio render` (`--thumbnails`); `language`: the book's.
    /// `suffix` tells apart two runs of one export (another product).
    static func measure(_ label: String, export: String, workspace: BenchWorkspace, options: BenchOptions,
                        extra: [String] = [], language: String = "en", suffix: String = "") throws(BenchError) -> RenderRun {
        let orderFile = workspace.root.appendingPathComponent("\(export)\(suffix).order.json")
        let out = workspace.root.appendingPathComponent("out-\(export)" + extra.joined() + suffix)
        do {
            let order = BenchWorkspace.order(id: "bench-\(export)", export: export, product: options.product, language: language)
            try JSONSerialization.data(withJSONObject: order, options: [.sortedKeys]).write(to: orderFile)
        } catch {
            throw BenchError("cannot write the order \(orderFile.path): \(error)")
        }
        var arguments = ["render", orderFile.path, "--out", out.path, "--config", workspace.configFile.path]
        if let threads = options.threads { arguments += ["--threads", String(threads)] }
        arguments += extra
        let start = ContinuousClock.now
        guard let outcome = MeasuredProcess.run(BenchWorkspace.executable, arguments) else {
            throw BenchError("cannot start \(BenchWorkspace.executable) \(arguments.joined(separator: " "))")
        }
        let wall = (ContinuousClock.now - start).seconds
        let reportFile = out.appendingPathComponent("report.json")
        let report: JobReport
        do {
            report = try JSONDecoder().decode(JobReport.self, from: Data(contentsOf: reportFile))
        } catch {
            throw BenchError("folio render of the \(label) ended with status \(outcome.status) and no readable \(reportFile.path): \(error)")
        }
        return RenderRun(label: label, wall: wall, cpu: outcome.cpuSeconds, peakRSSMB: Double(outcome.maxRSSKB) / 1024,
                         report: report, folder: out)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
