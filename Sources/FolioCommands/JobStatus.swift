import Foundation
import FolioCommandLine
import Jobs

/// `folio status ID`: one job, what it verified, and its delivery ledger — what the printer has.
enum JobStatus {
    struct View: Encodable {
        var id, state, stage: String
        var attempts: Int
        var last_error: String?
        var verified: VerifiedView?
        var deliveries: [LedgerEntry]
        var requests: Int
    }

    struct VerifiedView: Encodable {
        var attempt: Int
        var verified_at: String
        var outputs: [JobReport.Output]
    }

    static func show(_ id: String, _ arguments: Arguments, console: Terminal) -> Int32 {
        QueueCommands.withQueue(arguments, console: console) { _, queue in
            guard let job = try queue.job(id) else {
                console.complain("no job \(id)")
                return 2
            }
            let verification = try queue.verification(id).flatMap { verification in
                (try? JSONDecoder().decode(JobReport.self, from: verification.report)).map {
                    VerifiedView(attempt: verification.attempt, verified_at: time(verification.verifiedAt), outputs: $0.outputs)
                }
            }
            let view = View(id: job.id, state: job.state.rawValue, stage: job.stage, attempts: job.attempts, last_error: job.lastError,
                            verified: verification, deliveries: try queue.deliveries(id), requests: try queue.requests(id).count)
            if arguments.flags.contains("json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                console.say(String(decoding: try encoder.encode(view), as: UTF8.self))
                return 0
            }
            console.say("\(job.id): \(job.state.rawValue) (\(job.stage)), \(job.attempts) attempt\(job.attempts == 1 ? "" : "s")"
                        + (job.lastError.map { "; last error: \($0)" } ?? ""))
            if let verification {
                console.say("verified in attempt \(verification.attempt) at \(verification.verified_at): "
                            + verification.outputs.map { "\($0.file) \(String($0.sha256.prefix(12)))…" }.joined(separator: ", "))
            }
            if view.deliveries.isEmpty {
                console.say("delivered: nothing yet (\(view.requests) request\(view.requests == 1 ? "" : "s") sent)")
                return 0
            }
            console.say("delivered (\(view.requests) request\(view.requests == 1 ? "" : "s") sent in all):")
            console.say("  " + QueueCommands.pad("FILE", 16) + QueueCommands.pad("DESTINATION", 14) + QueueCommands.pad("TRY", 5)
                        + QueueCommands.pad("STATUS", 8) + QueueCommands.pad("SHA-256", 15) + QueueCommands.pad("AT", 26) + "URL / RESPONSE")
            for entry in view.deliveries {
                console.say("  " + QueueCommands.pad(entry.file, 16) + QueueCommands.pad(entry.destination, 14)
                            + QueueCommands.pad(String(entry.attempt), 5) + QueueCommands.pad(entry.httpStatus.map(String.init) ?? "file", 8)
                            + QueueCommands.pad(String(entry.sha256.prefix(12)) + "…", 15) + QueueCommands.pad(time(entry.deliveredAt), 26)
                            + entry.url + (entry.responseID.map { " (\($0))" } ?? ""))
            }
            return 0
        }
    }

    static func time(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
