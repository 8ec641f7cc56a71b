import Import
import Diagnostics
import Foundation
import FolioCommandLine
import Jobs

/// The queue's commands: enqueue, intake, run, status, retry, cancel, and `_job` (one job in
/// its own process, started by run).
enum QueueCommands {
    static func configFile(_ arguments: Arguments) -> URL {
        arguments.options["config"].map { URL(fileURLWithPath: $0) } ?? FolioConfig.defaultLocation()
    }

    static func withQueue(_ arguments: Arguments, console: Terminal, config given: FolioConfig? = nil,
                          _ body: (FolioConfig, QueueDriver) throws -> Int32) -> Int32 {
        guard let config = given ?? Command.loadConfig(arguments, console: console) else { return 2 }
        do {
            return try body(config, try config.openQueue())
        } catch {
            console.complain("\(error)")
            return 1
        }
    }

    static func enqueue(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard !arguments.positional.isEmpty else {
            console.complain("usage: folio enqueue ORDER.json... [--replace]")
            return 2
        }
        return withQueue(arguments, console: console) { config, queue in
            var status: Int32 = 0
            let gate = OrderGate(config: config)
            for path in arguments.positional {
                let file = URL(fileURLWithPath: path)
                guard let data = FileManager.default.contents(atPath: path) else {
                    console.complain("\(path): cannot read the order file")
                    status = 2
                    continue
                }
                do {
                    let signature = OrderGate.signature(besides: file)
                    let order = try gate.admit(data, file: path, signature: signature)
                    switch try queue.enqueue(id: order.id, order: data, signature: signature, replace: arguments.flags.contains("replace")) {
                    case .queued: console.say("\(order.id): queued")
                    case .duplicate: console.say("\(order.id): already queued with the same content")
                    case .replaced: console.say("\(order.id): replaced")
                    case .conflict:
                        console.complain("\(path): an order \"\(order.id)\" with other content is already queued (or running); use --replace")
                        status = 2
                    }
                } catch let error as InputError {
                    console.complain("\(path): invalid order:\n\(error)")
                    status = 2
                }
            }
            return status
        }
    }

    static func intake(_ arguments: Arguments, console: Terminal) -> Int32 {
        withQueue(arguments, console: console) { config, queue in
            let summary = try Intake(config: config, queue: queue).run()
            for id in summary.accepted { console.say("\(id): queued") }
            for (id, state) in summary.alreadyQueued { console.say("\(id): already in the queue (\(state)) with the same content: not queued again") }
            for rejected in summary.rejected { console.complain("\(rejected.file): rejected: \(rejected.reason)") }
            return summary.rejected.isEmpty ? 0 : 2
        }
    }

    static func run(_ arguments: Arguments, console: Terminal, config given: FolioConfig? = nil) -> Int32 {
        withQueue(arguments, console: console, config: given) { config, queue in
            // Every job's report and the batch's inline this stylesheet: missing, no job starts.
            _ = try ReportStylesheet.text()
            let workers = arguments.options["workers"].flatMap(Int.init) ?? config.workers
            // The running executable: `folio`, or the tests' `folio-with-faults`, whose jobs then
            // run with its hooks too. argv[0] is only a fallback where /proc is not mounted.
            let executable = SharedFiles.executable
                ?? URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.resolvingSymlinksInPath()
            let options = Runner.Options(workers: max(1, workers), watch: arguments.flags.contains("watch"),
                                         executable: executable, configFile: configFile(arguments))
            let progress = Progress(console: console, workers: options.workers)
            var onEvent: (Runner.Event) -> Void = progress.show
            var log: EventLog?
            if let name = arguments.options["log-format"] {
                guard let format = EventLog.Format(rawValue: name) else {
                    console.complain("--log-format: expected logfmt or json, got \(name)")
                    return 2
                }
                let eventLog = EventLog(format: format, console: console, runner: Runner.name)
                eventLog.start(workers: options.workers, watch: options.watch, configFile: options.configFile, queue: config.queue)
                onEvent = eventLog.show
                log = eventLog
            }
            let ended = try Runner(config: config, queue: queue, options: options, onEvent: onEvent).run()
            progress.finish()
            // A run that ended nothing (an idle one) leaves no report behind; under --watch the
            // nights have theirs, cut as each ends.
            let batch = ended.isEmpty || options.watch ? nil : try BatchReport.write(ended: ended, queue: queue, config: config)
            let count = { (state: QueuedJob.State) in ended.filter { $0.state == state }.count }
            let (done, failed, held, unknown) = (count(.done), count(.failed), count(.held), count(.deliveryUnknown))
            if let log {
                log.finish(counts: [("done", done), ("failed", failed), ("held", held), ("delivery_unknown", unknown)], batch: batch)
            } else {
                // The printer may hold the unknown ones: a person must say whether they arrived.
                console.say("\(done) done, \(failed) failed\(held > 0 ? ", \(held) held for review" : "")"
                            + "\(unknown > 0 ? ", \(unknown) delivery unknown" : "")" + (batch.map { "; batch report: \($0.path)" } ?? ""))
            }
            return failed + unknown == 0 ? 0 : 1
        }
    }

    /// `prune [--dry-run] [--json]`: retention once, as `run --watch` applies it on its schedule.
    static func prune(_ arguments: Arguments, console: Terminal) -> Int32 {
        withQueue(arguments, console: console) { config, queue in
            let summary = try Retention(config: config, queue: queue).apply(dryRun: arguments.flags.contains("dry-run"))
            if arguments.flags.contains("json") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                console.say(String(decoding: try encoder.encode(summary), as: UTF8.self))
            } else {
                for job in summary.jobs { console.say("\(summary.dryRun ? "would remove" : "removed") \(job.id) (\(job.state))") }
                console.say(summary.line)
            }
            return 0
        }
    }

    static func job(_ arguments: Arguments, console: Terminal, hooks: JobProcess.Hooks) -> Int32 {
        guard let id = arguments.positional.first, let config = Command.loadConfig(arguments, console: console) else { return 2 }
        return JobProcess.run(id: id, worker: arguments.options["worker"], config: config, hooks: hooks)
    }

    static func status(_ arguments: Arguments, console: Terminal) -> Int32 {
        if let id = arguments.positional.first { return JobStatus.show(id, arguments, console: console) }
        return withQueue(arguments, console: console) { _, queue in
            if arguments.flags.contains("rejected") { return try rejections(arguments, queue: queue, console: console) }
            let jobs = try queue.jobs()
            if arguments.flags.contains("json") {
                struct Row: Encodable { var id, state, stage: String; var attempts: Int; var age_s: Int; var last_error: String? }
                let now = Date().timeIntervalSince1970
                let rows = jobs.map { Row(id: $0.id, state: $0.state.rawValue, stage: $0.stage, attempts: $0.attempts,
                                          age_s: Int(now - $0.createdAt), last_error: $0.lastError) }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                console.say(String(decoding: try encoder.encode(rows), as: UTF8.self))
                return 0
            }
            // Paused intake or printers first: why nothing moves.
            for pause in try queue.pauses() {
                console.say("PAUSED \(pause.target) by \(pause.pausedBy) \(age(since: pause.at)) ago: \(pause.reason) (folio resume \(pause.target.description.replacingOccurrences(of: ":", with: " ")))")
            }
            console.say(pad("ORDER", 28) + pad("STATE", 17) + pad("STAGE", 11) + pad("TRIES", 7) + pad("AGE", 8) + "LAST ERROR")
            for job in jobs {
                console.say(pad(job.id, 28) + pad(job.state.rawValue, 17) + pad(job.stage, 11) + pad(String(job.attempts), 7)
                            + pad(age(since: job.createdAt), 8) + (job.lastError.map { String($0.prefix(80)) } ?? ""))
            }
            // Orders refused at intake never became jobs: say they exist, and where to look.
            let refused = try queue.rejectionCount()
            if refused > 0, let newest = try queue.rejections(limit: 1).first {
                console.say("\n\(refused) order file\(refused == 1 ? "" : "s") rejected at intake, the newest \(newest.file) "
                            + "\(age(since: newest.at)) ago: \(newest.reason.prefix(100)) (`folio status --rejected` lists them)")
            }
            return 0
        }
    }

    /// `status --rejected [--json]`: the order files the hot folder refused, newest first, each
    /// with its reason and its error file.
    static func rejections(_ arguments: Arguments, queue: QueueDriver, console: Terminal) throws -> Int32 {
        let rejected = try queue.rejections(limit: 1000)
        if arguments.flags.contains("json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            console.say(String(decoding: try encoder.encode(rejected), as: UTF8.self))
            return 0
        }
        console.say(pad("FILE", 28) + pad("ORDER", 20) + pad("AGE", 8) + "REASON (ERROR FILE)")
        for rejection in rejected {
            console.say(pad(rejection.file, 28) + pad(rejection.order ?? "-", 20) + pad(age(since: rejection.at), 8)
                        + "\(rejection.reason.prefix(120)) (\(rejection.errorFile))")
        }
        return 0
    }

    static func age(since time: Double) -> String {
        let age = max(0, Int(Date().timeIntervalSince1970 - time))
        return age < 3600 ? "\(age / 60)m" : age < 86_400 ? "\(age / 3600)h" : "\(age / 86_400)d"
    }

    /// `retry ID [--render]`, `cancel ID`, `approve ID`, `reject ID --reason TEXT`, `arrived ID`,
    /// `send-again ID --reason TEXT`: one job,
    /// recorded in its events as done by this user on this host.
    static func act(_ arguments: Arguments, console: Terminal, _ action: JobAction) -> Int32 {
        let usage = ["retry": "retry ID [--render]", "cancel": "cancel ID", "approve": "approve ID",
                     "reject": "reject ID --reason TEXT", "arrived": "arrived ID",
                     "send-again": "send-again ID --reason TEXT"][arguments.command ?? ""] ?? action.rawValue
        guard let id = arguments.positional.first, !action.needsReason || arguments.options["reason"] != nil else {
            console.complain("usage: folio \(usage)")
            return 2
        }
        let fresh = action == .retry && arguments.flags.contains("render")
        return withQueue(arguments, console: console) { config, queue in
            let outcome = try (fresh ? .retryFresh : action).perform(on: id, by: Self.actor, reason: arguments.options["reason"],
                                                                     queue: queue, config: config)
            if outcome.changed { console.say(outcome.message) } else { console.complain(outcome.message) }
            if action == .cancel, outcome.changed {
                // What the printer already has stays there: say so, file by file.
                for delivery in try queue.deliveries(id) {
                    console.say("  \(delivery.file) was delivered to \(delivery.destination) in attempt \(delivery.attempt)")
                }
            }
            return outcome.changed ? 0 : 2
        }
    }

    /// Who acts from the command line, as a job's events and a pause record it.
    static var actor: String { "\(ProcessInfo.processInfo.userName)@\(ProcessInfo.processInfo.hostName)" }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
    }
}

/// On a terminal: a line per worker, rewritten in place. In a pipe: one line per event.
final class Progress {
    private let console: Terminal
    private let terminal = isatty(STDOUT_FILENO) != 0
    private var slots: [String]

    init(console: Terminal, workers: Int) {
        self.console = console
        slots = Array(repeating: "idle", count: workers)
    }

    func show(_ event: Runner.Event) {
        let line: String
        switch event {
        case .intake(let accepted, let rejected, let already):
            line = "intake: \(accepted) queued, \(rejected.count) rejected"
                + (already.isEmpty ? "" : ", \(already.count) already in the queue")
                + rejected.map { "\n  \($0.file): \($0.reason)" }.joined()
                + already.map { "\n  \($0.id): already \($0.state), the same content: not queued again" }.joined()
        case .started(let job, let attempt, let slot):
            slots[slot] = "\(job) (attempt \(attempt))"
            line = "started \(job) (attempt \(attempt))"
        case .stage(let job, let stage, let slot):
            slots[slot] = "\(job) \(stage)"
            line = "\(job): \(stage)"
        case .finished(let job, let state, let error, let slot):
            slots[slot] = "idle"
            line = "\(state.rawValue) \(job)" + (error.map { ": \($0.prefix(160))" } ?? "")
        case .released(let job):
            line = "released \(job)"
        case .ready:
            return
        case .request(let job, _, let record):
            line = "\(job): \(record.file) to \(record.destination): \(record.requestClass ?? "unknown")"
                + (record.httpStatus.map { " (HTTP \($0))" } ?? "") + (record.error.map { ": \($0.prefix(160))" } ?? "")
        case .pruned(let summary):
            line = "retention: " + summary.line
        case .intakePaused(let reason):
            line = reason ?? "intake resumed"
        case .nightReported(let night, let counts, let report):
            line = "the night of \(night): " + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                + "; report: \(report)"
        case .trouble(let message):
            line = message
        }
        if terminal {
            FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
            console.say(line)
            let status = slots.enumerated().map { "[\($0.offset)] \($0.element)" }.joined(separator: "  ")
            FileHandle.standardOutput.write(Data(String(status.prefix(160)).utf8))
        } else {
            console.say(line)
        }
    }

    func finish() {
        if terminal { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    }
}
