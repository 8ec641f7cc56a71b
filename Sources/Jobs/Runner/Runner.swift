import Diagnostics
import Foundation

/// `folio run`: intake, then works the queue with N job processes at a time until it is empty
/// (or forever with `watch`). Each job runs in its own process, so a crash in a C library or an
/// exhausted memory fails that job alone. Leases are renewed while a job works; a job whose
/// runner died is claimed again once its lease runs out.
public final class Runner {
    public struct Options {
        public var workers: Int
        public var watch: Bool
        /// The `folio` executable, started as `folio _job ID` for each job.
        public var executable: URL
        public var configFile: URL

        public init(workers: Int, watch: Bool, executable: URL, configFile: URL) {
            self.workers = workers
            self.watch = watch
            self.executable = executable
            self.configFile = configFile
        }
    }

    public enum Event {
        case intake(accepted: Int, rejected: [(file: String, reason: String)], alreadyQueued: [(id: String, state: String)])
        case started(job: String, attempt: Int, slot: Int)
        case stage(job: String, stage: String, slot: Int)
        case finished(job: String, state: QueuedJob.State, error: String?, slot: Int)
        case released(job: String)
        /// The runner is taking jobs.
        case ready(workers: Int, watch: Bool)
        /// A delivery request of a running attempt that was not accepted: retried, refused, or
        /// unanswered (its class says which).
        case request(job: String, attempt: Int, UploadRequestRecord)
        /// Retention's sweep removed something (or found failed jobs nobody decided on).
        case pruned(PruneSummary)
        /// Intake paused (the disk is short), or resumed (nil).
        case intakePaused(String?)
        /// A night's report was cut (by this runner, the first past the cut).
        case nightReported(night: String, counts: [String: Int], report: String)
        /// Something the night goes on without (a sweep that failed): the operator should know.
        case trouble(String)
    }

    private struct Running {
        var job: QueuedJob
        var process: Process
        var stages: StageReader
        var slot: Int
        var worker: String
        var lastBeat: Date
        var stage = "claimed"
        /// Requests of this attempt already told as events.
        var requestsTold = 0
        /// Sent SIGTERM: it is finishing or cutting off its transfer, and its lease is kept.
        var told = false
        let startedAt = Date()
    }

    let config: FolioConfig
    let queue: QueueDriver
    let options: Options
    let onEvent: (Event) -> Void
    let notices: NoticeSender
    /// `host-pid`: the runner's heartbeat series, and the prefix of its workers' names.
    public static var name: String { "\(ProcessInfo.processInfo.hostName)-\(getpid())" }

    public init(config: FolioConfig, queue: QueueDriver, options: Options, onEvent: @escaping (Event) -> Void) {
        self.config = config
        self.queue = queue
        self.options = options
        self.onEvent = onEvent
        notices = NoticeSender(Notifier(settings: config.notify))
    }

    /// Works until the queue has nothing left to do; returns the jobs this run ended.
    public func run() throws -> [(id: String, state: QueuedJob.State)] {
        let stop = StopSignal()
        var running: [Running] = []
        var ended: [(id: String, state: QueuedJob.State)] = []
        var lastIntake = Date.distantPast
        var lastRunnerBeat = Date.distantPast
        var lastSweep = Date.distantPast
        var lastNight: String?
        var nightAgainAt = Date.distantPast
        var intakePause: String?
        let prefix = Self.name
        let service = ServiceManager()
        service.ready("taking jobs with \(options.workers) worker\(options.workers == 1 ? "" : "s")")
        onEvent(.ready(workers: options.workers, watch: options.watch))
        // A clean stop takes the runner's series off `/metrics`; a killed one is forgotten
        // after five leases of silence. Notices handed over go out on every way out.
        defer {
            try? queue.runnerStopped(prefix)
            notices.finish()
            for problem in notices.takeProblems() { onEvent(.trouble(problem)) }
        }
        while true {
            service.alive()
            if Date().timeIntervalSince(lastRunnerBeat) >= config.leaseSeconds / 3 {
                // For `/metrics`: a runner that stops beating has stopped, whatever systemd thinks.
                try queue.runnerBeat(prefix, forgettingSilentAfter: 5 * config.leaseSeconds)
                lastRunnerBeat = Date()
            }
            if !stop.isStopped, lastSweep == .distantPast || (options.watch && Date().timeIntervalSince(lastSweep) >= config.retention.intervalSeconds) {
                // A sweep left unfinished goes on after the next round of heartbeats.
                lastSweep = sweep() ? Date() : Date().addingTimeInterval(-config.retention.intervalSeconds + config.leaseSeconds / 3)
            }
            // Past the night's cut, under --watch: its report, once across every host, and its
            // notice. A single run cuts once its queue is empty, below, so the report holds the
            // night's books as they ended.
            if options.watch, !stop.isStopped, Date() >= nightAgainAt, case let night = config.night.lastEnded(at: FolioClock.now()),
               night != lastNight {
                if cutNight(night) { lastNight = night } else { nightAgainAt = Date().addingTimeInterval(60) }
            }
            for problem in notices.takeProblems() { onEvent(.trouble(problem)) }
            if stop.isStopped { service.stopping("releasing \(running.count) running job\(running.count == 1 ? "" : "s")") }
            if !stop.isStopped, Date().timeIntervalSince(lastIntake) >= (options.watch ? config.intakeIntervalSeconds : .infinity)
                || lastIntake == .distantPast {
                let summary = try Intake(config: config, queue: queue).run()
                if summary.pausedFor != intakePause {
                    intakePause = summary.pausedFor
                    onEvent(.intakePaused(intakePause))
                }
                if !summary.accepted.isEmpty || !summary.rejected.isEmpty || !summary.alreadyQueued.isEmpty {
                    onEvent(.intake(accepted: summary.accepted.count, rejected: summary.rejected, alreadyQueued: summary.alreadyQueued))
                }
                lastIntake = Date()
            }
            // Fill free slots.
            while !stop.isStopped, running.count < options.workers {
                let slot = (0..<options.workers).first { slot in !running.contains { $0.slot == slot } } ?? 0
                let worker = "\(prefix)-\(slot)"
                guard let job = try queue.claim(worker: worker, lease: config.leaseSeconds) else { break }
                let (process, stages) = try start(job, worker: worker)
                running.append(Running(job: job, process: process, stages: stages, slot: slot, worker: worker, lastBeat: Date()))
                onEvent(.started(job: job.id, attempt: job.attempts, slot: slot))
            }
            // Collect finished jobs; renew the others' leases.
            var still: [Running] = []
            for item in running {
                if item.process.isRunning {
                    var beating = item
                    if Date().timeIntervalSince(item.lastBeat) >= config.leaseSeconds / 3 {
                        _ = try queue.heartbeat(id: item.job.id, worker: item.worker, lease: config.leaseSeconds)
                        beating.lastBeat = Date()
                        tellRequests(&beating)
                    }
                    for stage in item.stages.stages() where stage != beating.stage {
                        beating.stage = stage
                        onEvent(.stage(job: item.job.id, stage: stage, slot: item.slot))
                    }
                    if stop.isStopped && !item.told {
                        // It cuts off a transfer still sending, or waits for the answer to one
                        // the printer has whole; its lease is renewed meanwhile, so no one
                        // else sends that file while the answer may still come.
                        item.process.terminate()
                        beating.told = true
                    }
                    still.append(beating)
                    continue
                }
                if stop.isStopped, let row = try queue.job(item.job.id), row.state == .running, row.worker == item.worker {
                    // Told to stop, it left its attempt unended: the job goes back to the queue.
                    try queue.release(id: item.job.id, worker: item.worker)
                    onEvent(.released(job: item.job.id))
                    continue
                }
                var told = item
                tellRequests(&told)
                var stage = item.stage
                for pushed in item.stages.close() where pushed != stage {
                    stage = pushed
                    onEvent(.stage(job: item.job.id, stage: pushed, slot: item.slot))
                }
                let (state, error) = try conclude(item)
                if let state {
                    // A retry is not an ending: the batch summary lists final states only.
                    if state != .queued { ended.append((item.job.id, state)) }
                    onEvent(.finished(job: item.job.id, state: state, error: error, slot: item.slot))
                    // A person is needed: said once, by the runner that ended the attempt.
                    if state == .failed || state == .deliveryUnknown {
                        notices.send(.failure(order: item.job.id, state: state, error: error, attempts: item.job.attempts))
                    }
                }
            }
            running = still
            if running.isEmpty {
                if stop.isStopped { break }
                if !options.watch, try !queue.hasPendingWork() { break }
            }
            // Idle, a runner waits for a job to be queued (PostgreSQL's NOTIFY), up to 5 s or the
            // next look at the hot folder; with jobs to watch over, it looks again soon.
            let nextIntake = options.watch ? config.intakeIntervalSeconds - Date().timeIntervalSince(lastIntake) : 5
            try queue.waitForWork(timeout: min(service.longestWait, running.isEmpty ? max(0.05, min(5, nextIntake)) : 0.1))
        }
        if !options.watch, !stop.isStopped { _ = cutNight(config.night.lastEnded(at: FolioClock.now())) }
        return ended
    }

    /// The attempt's requests that were not accepted, since last told: an on-call person sees a
    /// printer answering 503 while the job still retries, not only when it ends.
    private func tellRequests(_ item: inout Running) {
        guard let records = try? queue.requests(item.job.id).filter({ $0.attempt == item.job.attempts }),
              records.count > item.requestsTold else { return }
        for record in records.dropFirst(item.requestsTold) where record.requestClass != "accepted" {
            onEvent(.request(job: item.job.id, attempt: item.job.attempts, record))
        }
        item.requestsTold = records.count
    }

    /// Writes the night's report when no runner has; this one then sends its notice. False when
    /// it could not say (the queue or the disk failed): the next turn asks again.
    private func cutNight(_ night: String) -> Bool {
        do {
            guard let summary = try NightReport.summarize(night, queue: queue, config: config),
                  try NightReport.write(summary, queue: queue, config: config, once: true) else { return true }
            onEvent(.nightReported(night: night, counts: summary.counts, report: summary.report))
            notices.send(.night(summary))
            return true
        } catch {
            onEvent(.trouble("the night of \(night): its report was not written: \(error)"))
            return false
        }
    }

    /// Applies retention for at most a third of a lease; a sweep that fails is said, and the
    /// night goes on. False when it stopped with jobs left.
    private func sweep() -> Bool {
        do {
            let summary = try Retention(config: config, queue: queue).apply(until: Date().addingTimeInterval(config.leaseSeconds / 3))
            if !summary.isEmpty || summary.undecidedFailures > 0 { onEvent(.pruned(summary)) }
            return !summary.unfinished
        } catch {
            onEvent(.trouble("retention: \(error)"))
            return true
        }
    }

    private func start(_ job: QueuedJob, worker: String) throws -> (Process, StageReader) {
        let folder = config.jobs.appendingPathComponent(job.id)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // An attempt starts from an empty folder but for the outputs an earlier attempt of the
        // same order verified (the job process checks their digests again before it delivers
        // them) and their previews: nothing else a killed attempt or an earlier run of the same
        // id left — a half-written temporary file, a report, which would decide the attempt if
        // this process died before writing its own, other books — may pass for this one's.
        let kept = try keptFiles(job)
        for leftover in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        where !kept.contains(leftover.lastPathComponent) {
            try? FileManager.default.removeItem(at: leftover)
        }
        let log = folder.appendingPathComponent("job.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: log.path])
        }
        let process = Process()
        process.executableURL = options.executable
        // Each job gets its share of the cores: workers × threads never oversubscribes by default.
        process.arguments = ["_job", job.id, "--worker", worker, "--config", options.configFile.path,
                             "--threads", String(config.threadsPerJob(workers: options.workers))]
        let logHandle = try FileHandle(forWritingTo: log)
        let stages = try StageReader(log: logHandle)
        process.standardOutput = stages.output
        process.standardError = logHandle
        try process.run()
        stages.started()
        return (process, stages)
    }

    private func keptFiles(_ job: QueuedJob) throws -> Set<String> {
        guard let verification = try queue.verification(job.id), verification.orderSHA256 == job.orderSHA256,
              let report = try? JSONDecoder().decode(JobReport.self, from: verification.report) else { return [] }
        return Set(report.outputs.map(\.file) + ReportStore.previews + [PageThumbnail.folder])
    }

    /// What the attempt came to, as the job process wrote it into the queue; a process that
    /// died with the job still its worker's gets its attempt ended here, as a crash.
    private func conclude(_ item: Running) throws -> (QueuedJob.State?, String?) {
        let row = try queue.job(item.job.id)
        guard let row, row.state == .running, row.worker == item.worker else {
            // Ended by the process; a row claimed again since (or gone) is no longer this attempt's.
            guard let row, row.attempts == item.job.attempts, row.state != .running else { return (nil, nil) }
            return (row.state, row.lastError)
        }
        let process = item.process
        let signal = process.terminationReason == .uncaughtSignal ? " (signal \(process.terminationStatus))" : ""
        let error = "the job's process ended without ending its attempt\(signal): see job.log"
        let state = try AttemptOutcome.crashed(error).end(job: item.job.id, worker: item.worker, in: queue)
        if state == .failed { try writeCrashReport(item.job, error: error) }
        recordTimings(item)
        return (state, error)
    }

    /// A crashed attempt's time for `/metrics` (a process that ends its attempt records its own,
    /// with its stages'); a queue that cannot take them costs the figures, not the night.
    private func recordTimings(_ item: Running) {
        do {
            try queue.recordTimings(AttemptTimings(job: item.job.id, attempt: item.job.attempts,
                                                   seconds: Date().timeIntervalSince(item.startedAt), stages: [:]))
        } catch {
            FileHandle.standardError.write(Data("folio: job \(item.job.id): timings not recorded: \(error)\n".utf8))
        }
    }

    private func writeCrashReport(_ job: QueuedJob, error: String) throws {
        let folder = config.jobs.appendingPathComponent(job.id)
        var report = JobReport(order: job.id, status: .failed)
        report.attempts = job.attempts
        report.error = JobReport.Failure(code: .crashed, message: error, details: [])
        try AtomicFile.write(try report.encoded(), to: folder.appendingPathComponent("report.json"))
        try JobReportPage.write(report, folder: folder, config: config)
        try ReportStore.publish(job: job.id, folder: folder, queue: queue)
    }
}
