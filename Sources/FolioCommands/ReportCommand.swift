import Foundation
import FolioCommandLine
import Jobs

/// `folio report ID [--html]`: a job's report as the queue keeps it, so that any host (not
/// only the one that ran the job) can read it; `folio report --batch`: the latest batch
/// reports' summaries; `folio report --night DATE`: that night's report, written now (as it
/// stands) into `reports/NIGHT-DATE.*` and the queue, and printed.
enum ReportCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        QueueCommands.withQueue(arguments, console: console) { config, queue in
            if let night = arguments.options["night"] {
                guard config.night.bounds(of: night) != nil else {
                    console.complain("--night: expected a date such as 2026-12-03, got \(night)")
                    return 2
                }
                guard let summary = try NightReport.summarize(night, queue: queue, config: config) else {
                    console.complain("the night of \(night) has no job in the queue")
                    return 2
                }
                try NightReport.write(summary, queue: queue, config: config, once: false)
                console.say(String(decoding: try Data(contentsOf: config.reports.appendingPathComponent("NIGHT-\(night).json")), as: UTF8.self))
                return 0
            }
            if arguments.flags.contains("batch") {
                let reports = try queue.batchReports(limit: 14)
                let summaries = reports.compactMap { try? JSONSerialization.jsonObject(with: $0.summary) }
                let data = try JSONSerialization.data(withJSONObject: summaries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                console.say(String(decoding: data, as: UTF8.self))
                return 0
            }
            guard let id = arguments.positional.first else {
                console.complain("usage: folio report ID [--html] | folio report --batch | folio report --night DATE")
                return 2
            }
            let name = arguments.flags.contains("html") ? "report.html" : "report.json"
            guard let data = try queue.jobFile(job: id, name: name) else {
                console.complain(try queue.job(id) == nil ? "no job \(id)" : "\(id) has no report yet")
                return 2
            }
            console.say(String(decoding: data, as: UTF8.self))
            return 0
        }
    }
}
