import Diagnostics
import Foundation
import FolioCommandLine
import Jobs

/// `folio run --log-format logfmt|json`: one line per runner event, every line with `ts`,
/// `level`, `event` and `runner`, and `order` and `attempt` where the event is a job's, as
/// journald and log shippers read them. Errors are the reports' own, which carry no secret
/// (credentials are named by environment variable and redacted from transfer errors).
final class EventLog {
    enum Format: String { case logfmt, json }

    typealias Level = LogLevel

    /// A field's value: JSON writes numbers bare, logfmt writes both alike.
    enum Value {
        case text(String)
        case number(Double)

        /// A number as both formats write it: whole numbers bare, and null for what JSON cannot
        /// hold (NaN, infinity), never a line that does not parse.
        static func written(_ number: Double) -> String {
            number.isFinite ? (number.rounded() == number ? String(Int(number)) : String(number)) : "null"
        }
    }

    private let format: Format
    private let console: Terminal
    private let runner: String
    private let journal: Bool
    private var started: [String: (at: Date, attempt: Int)] = [:]

    init(format: Format, console: Terminal, runner: String, journal: Bool = JournalStream.isStandardOutput()) {
        self.format = format
        self.console = console
        self.runner = runner
        self.journal = journal
    }

    /// The first line: which Folio, reading what, how many jobs at once.
    func start(workers: Int, watch: Bool, configFile: URL, queue: FolioConfig.QueueLocation) {
        let queueName: String
        switch queue {
        case .sqlite(let file): queueName = "sqlite:" + file.path
        case .postgres(let url): queueName = url  // never carries a password (the config refuses one)
        }
        write(.info, "runner-started", [("version", .text(FolioVersion.current)), ("config", .text(configFile.path)),
                                       ("workers", .number(Double(workers))), ("watch", .text(watch ? "yes" : "no")),
                                       ("queue", .text(queueName))])
    }

    func show(_ event: Runner.Event) {
        switch event {
        case .ready(let workers, _):
            write(.info, "ready", [("workers", .number(Double(workers)))])
        case .intake(let accepted, let rejected, let already):
            write(.info, "intake", [("queued", .number(Double(accepted))), ("rejected", .number(Double(rejected.count))),
                                    ("already_queued", .number(Double(already.count)))])
            for rejection in rejected { write(.warning, "rejected", [("file", .text(rejection.file)), ("error", .text(rejection.reason))]) }
            for (id, state) in already { write(.info, "already-queued", [("order", .text(id)), ("state", .text(state))]) }
        case .started(let job, let attempt, let slot):
            started[job] = (Date(), attempt)
            write(.info, "started", job: job, [("slot", .number(Double(slot)))])
        case .stage(let job, let stage, let slot):
            write(.info, "stage", job: job, [("stage", .text(stage)), ("slot", .number(Double(slot)))])
        case .request(let job, let attempt, let record):
            var fields: [(String, Value)] = [("attempt", .number(Double(attempt))), ("file", .text(record.file)),
                                             ("destination", .text(record.destination)), ("class", .text(record.requestClass ?? "unknown"))]
            if let status = record.httpStatus { fields.append(("http_status", .number(Double(status)))) }
            if let error = record.error { fields.append(("error", .text(String(error.prefix(500))))) }
            write(record.requestClass == "transient" ? .warning : .error, "request", job: job, fields)
        case .finished(let job, let state, let error, let slot):
            var fields: [(String, Value)] = [("state", .text(state.rawValue)), ("slot", .number(Double(slot)))]
            if let start = started[job] { fields.append(("duration_ms", .number(Double(Int(Date().timeIntervalSince(start.at) * 1000))))) }
            if let error {
                let parts = error.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, !parts[0].contains(" ") { fields.append(("code", .text(parts[0]))) }
                fields.append(("error", .text(String(error.prefix(500)))))
            }
            write(Self.level(of: state), "finished", job: job, fields)
            started[job] = nil
        case .released(let job):
            write(.notice, "released", job: job, [])
            started[job] = nil
        case .pruned(let summary):
            write(summary.undecidedFailures > 0 ? .notice : .info, "pruned",
                  [("jobs", .number(Double(summary.jobs.count))), ("orders", .number(Double(summary.orders))),
                   ("rejected_orders", .number(Double(summary.rejectedOrders))), ("batch_reports", .number(Double(summary.batchReports))),
                   ("undecided_failures", .number(Double(summary.undecidedFailures))), ("message", .text(summary.line))])
        case .intakePaused(let reason):
            if let reason { write(.warning, "intake-paused", [("reason", .text(reason))]) } else { write(.notice, "intake-resumed", []) }
        case .nightReported(let night, let counts, let report):
            let bad = (counts["failed"] ?? 0) + (counts["delivery-unknown"] ?? 0) > 0
            write(bad ? .warning : .info, "night-reported", [("night", .text(night)), ("report", .text(report))]
                  + counts.sorted { $0.key < $1.key }.map { ($0.key.replacingOccurrences(of: "-", with: "_"), .number(Double($0.value))) })
        case .trouble(let message):
            write(.error, "trouble", [("error", .text(String(message.prefix(500))))])
        }
    }

    /// The last line: what the run ended, and where its report is.
    func finish(counts: [(String, Int)], batch: URL?) {
        var fields = counts.map { ($0.0, Value.number(Double($0.1))) }
        if let batch { fields.append(("batch_report", .text(batch.path))) }
        let bad = counts.contains { ["failed", "delivery_unknown"].contains($0.0) && $0.1 > 0 }
        write(bad ? .warning : .info, "runner-stopped", fields)
    }

    /// A failed job needs a person; one whose delivery is unknown or that waits for review, a
    /// look; a retry (back to queued) is a warning of its own.
    static func level(of state: QueuedJob.State) -> Level {
        switch state {
        case .failed: .error
        case .deliveryUnknown, .queued: .warning
        case .held, .cancelled: .notice
        case .done, .running: .info
        }
    }

    private func write(_ level: Level, _ event: String, job: String, _ fields: [(String, Value)]) {
        var named: [(String, Value)] = [("order", .text(job))]
        if !fields.contains(where: { $0.0 == "attempt" }), let attempt = started[job]?.attempt {
            named.append(("attempt", .number(Double(attempt))))
        }
        write(level, event, named + fields)
    }

    private func write(_ level: Level, _ event: String, _ fields: [(String, Value)]) {
        let all: [(String, Value)] = [("ts", .text(JournalStream.timestamp())), ("level", .text(level.rawValue)), ("event", .text(event)),
                                      ("runner", .text(runner))] + fields
        let line: String
        switch format {
        case .logfmt:
            line = all.map { "\($0.0)=\(Self.logfmt($0.1))" }.joined(separator: " ")
        case .json:
            line = "{" + all.map { "\(Self.json($0.0)):\(Self.json($0.1))" }.joined(separator: ",") + "}"
        }
        console.say((journal ? level.journalPrefix : "") + line)
    }

    static func logfmt(_ value: Value) -> String {
        switch value {
        case .number(let number): Value.written(number)
        case .text(let text): logfmt(text)
        }
    }

    /// Bare when it can be, else quoted with `"` and `\` escaped; one line always.
    static func logfmt(_ value: String) -> String {
        let line = value.map { $0.isNewline ? " " : String($0) }.joined()
        guard line.isEmpty || line.contains(where: { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" }) else { return line }
        return "\"" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// One JSON value, by the maintained encoder (escaping is not ours to get wrong).
    static func json(_ value: Value) -> String {
        switch value {
        case .number(let number): Value.written(number)
        case .text(let text): json(text)
        }
    }

    static func json(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
