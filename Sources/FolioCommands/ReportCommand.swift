import Foundation
import FolioCommandLine
import Jobs

/// `folio report ID [--html]`: a job's report as the queue keeps it, so that any host (not
/// only the one that ran the job) can read it; `folio report --batch`: the latest batch
/// reports' summaries.
enum ReportCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        QueueCommands.withQueue(arguments, console: console) { _, queue in
            if arguments.flags.contains("batch") {
                let reports = try queue.batchReports(limit: 14)
                let summaries = reports.compactMap { try? JSONSerialization.jsonObject(with: $0.summary) }
                let data = try JSONSerialization.data(withJSONObject: summaries, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                console.say(String(decoding: data, as: UTF8.self))
                return 0
            }
            guard let id = arguments.positional.first else {
                console.complain("usage: folio report ID [--html] | folio report --batch")
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
