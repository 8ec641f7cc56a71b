import Foundation
import FolioCommandLine
import Jobs

enum Command {
    static let usage = """
        usage: folio COMMAND [--config PATH]
          demo                          make a sample diary and orders, and run them through the queue
          enqueue ORDER.json... [--replace]   validate orders and queue them
          intake                        take the hot folder's orders into the queue
          run [--workers N] [--watch] [--log-format logfmt|json]   intake, then work the queue: render, verify, deliver, report
          status [ID] [--json]          the jobs, their state, stage, attempts and last error; one job and its ledger
          status --rejected [--json]    the order files refused at intake, with their reasons and error files
          report ID [--html] / report --batch   a job's report, or the latest batch reports, from the queue (any host)
          report --night DATE           that night's report (every job queued in it), written now and printed
          retry ID [--render] / cancel ID   queue a failed job again (--render: render afresh) / stop a queued, running, held or
                                        delivery-unknown one, or close a failed one nobody will retry
          prune [--dry-run] [--json]    apply retention now: remove finished jobs, orders and reports past their days
          pause intake|destination ID [--reason TEXT] / resume intake|destination ID   leave the hot folder alone /
                                        claim no job for that printer, on every host, until resumed
          backup FILE                   copy the SQLite queue (jobs, ledger, reports) whole while Folio runs, and check it
          approve ID / reject ID --reason TEXT   deliver a held job's verified files / fail it with the reason
          arrived ID / send-again ID --reason TEXT   a job whose delivery is unknown: the printer has its files /
                                        send them again; on a done job, send-again sends a deliberate copy
          serve [--listen ADDR:PORT] [--no-auth] [--trusted-proxy IP,…] [--secure-cookies]   the operator console (docs/guide.md)
          token --role viewer|operator --name NAME [--write FILE]
                                        a new console token (or written alone to FILE, mode 0600), and its line for the tokens file
          doctor                        check the configuration end to end: folders, queue, products, fonts,
                                destinations (a HEAD to each), secrets; exit 1 on any problem
          render ORDER.json --out DIR [--threads N] [--thumbnails]  render one order into DIR (no queue, no upload;
                                        --thumbnails: also the console's page thumbnails, as a queued job draws them)
          verify FILE... [--product ID] [--pdfx STD] [--json]   byte-level checks of finished PDF and EPUB files
                                        (--pdfx X-4, X-1a:2001 or X-3:2002: every rule of that standard)
          --version                     which Folio this is (the package's version)
        The configuration is --config PATH, else $FOLIO_CONFIG, else ./config/folio.json when it exists,
        else /etc/folio/folio.json (the package's) when that exists.
        """


    /// `jobHooks`: what a job process (`_job`) runs at its hook points; the product sets none.
    static func run(_ arguments: Arguments, console: Terminal, jobHooks: JobProcess.Hooks = JobProcess.Hooks()) -> Int32 {
        guard arguments.problems.isEmpty else {
            arguments.problems.forEach(console.complain)
            return 2
        }
        if arguments.command == nil && arguments.flags.contains("version") || arguments.command == "version" {
            console.say("folio \(FolioVersion.current)")
            return 0
        }
        switch arguments.command {
        case "render": return render(arguments, console: console)
        case "demo": return demo(arguments, console: console)
        case "verify": return Verify.run(arguments, console: console)
        case "enqueue": return QueueCommands.enqueue(arguments, console: console)
        case "intake": return QueueCommands.intake(arguments, console: console)
        case "run": return QueueCommands.run(arguments, console: console)
        case "status": return QueueCommands.status(arguments, console: console)
        case "report": return ReportCommand.run(arguments, console: console)
        case "retry": return QueueCommands.act(arguments, console: console, .retry)
        case "cancel": return QueueCommands.act(arguments, console: console, .cancel)
        case "approve": return QueueCommands.act(arguments, console: console, .approve)
        case "reject": return QueueCommands.act(arguments, console: console, .reject)
        case "arrived": return QueueCommands.act(arguments, console: console, .arrived)
        case "send-again": return QueueCommands.act(arguments, console: console, .sendAgain)
        case "serve": return ServeCommand.run(arguments, console: console)
        case "token": return ServeCommand.token(arguments, console: console)
        case "doctor": return DoctorCommand.run(arguments, console: console)
        case "prune": return QueueCommands.prune(arguments, console: console)
        case "backup": return BackupCommand.run(arguments, console: console)
        case "pause": return PauseCommand.run(arguments, console: console, pausing: true)
        case "resume": return PauseCommand.run(arguments, console: console, pausing: false)
        case "_job": return QueueCommands.job(arguments, console: console, hooks: jobHooks)
        case "_upload": return UploadCommand.run(arguments, console: console)
        case "help", nil:
            console.say(usage)
            return arguments.command == nil ? 2 : 0
        case let name?:
            console.complain("unknown command '\(name)'\n\(usage)")
            return 2
        }
    }

    static func loadConfig(_ arguments: Arguments, console: Terminal) -> FolioConfig? {
        let file = arguments.options["config"].map { URL(fileURLWithPath: $0) } ?? FolioConfig.defaultLocation()
        var config: FolioConfig
        do {
            config = try FolioConfig.load(file)
        } catch {
            console.complain("configuration is invalid:\n\(error)")
            return nil
        }
        // `--threads N` overrides folio.json's `threads` (0: all cores).
        if let text = arguments.options["threads"] {
            guard let threads = Int(text), (0...256).contains(threads) else {
                console.complain("--threads needs a number from 0 (all cores) to 256, not \"\(text)\"")
                return nil
            }
            config.threads = threads
        }
        return config
    }

    static func render(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard arguments.positional.count == 1, let out = arguments.options["out"] else {
            console.complain("usage: folio render ORDER.json --out DIR")
            return 2
        }
        guard let config = loadConfig(arguments, console: console) else { return 2 }
        let orderFile = arguments.positional[0]
        guard let data = FileManager.default.contents(atPath: orderFile) else {
            console.complain("\(orderFile): cannot read the order file")
            return 2
        }
        let folder = URL(fileURLWithPath: out)
        var pipeline = Pipeline(config: config)
        pipeline.thumbnails = arguments.flags.contains("thumbnails")
        let report = pipeline.run(orderData: data, orderFile: orderFile, into: folder)
        describe(report, folder: folder, console: console)
        switch report.status {
        case .done, .held: return 0
        case .failed, .deliveryUnknown: return 1
        case .rejected: return 2
        }
    }

    /// The whole night on the embedded default: sample exports and orders in the hot folder,
    /// then `run` (intake, queue, render, verify, deliver, reports).
    static func demo(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard let config = loadConfig(arguments, console: console) else { return 2 }
        let ids: [String]
        do {
            ids = try Demo(config: config).prepare { console.say($0) }
        } catch {
            console.complain("demo failed: \(error)")
            return 1
        }
        // Orders written by the demo itself are complete: take them without waiting to settle.
        var settled = config
        settled.intakeSettleSeconds = 0
        let status = QueueCommands.run(arguments, console: console, config: settled)
        for id in ids {
            let folder = config.jobs.appendingPathComponent(id)
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("report.json")),
                  let report = try? JSONDecoder().decode(JobReport.self, from: data) else { continue }
            describe(report, folder: folder, console: console)
            console.say("  \(folder.appendingPathComponent("report.html").path)")
        }
        return status
    }

    static func describe(_ report: JobReport, folder: URL, console: Terminal) {
        console.say("\(report.order): \(report.status.rawValue)")
        for output in report.outputs {
            console.say("  \(folder.appendingPathComponent(output.file).path)  (\(output.pages.map { "\($0) pages, " } ?? "")\(output.bytes) bytes)")
        }
        console.say("  \(folder.appendingPathComponent("report.json").path)")
        if let error = report.error {
            console.complain("\(report.order): \(error.message)")
            error.details.forEach { console.complain("  \($0)") }
        }
        let warnings = report.preflight.filter { $0.severity != .info }.count
        if warnings > 0 { console.say("  \(warnings) preflight finding\(warnings == 1 ? "" : "s"), see the report") }
    }
}
