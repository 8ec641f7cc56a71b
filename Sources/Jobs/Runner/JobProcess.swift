import Diagnostics
import Foundation

/// The child side of a job: `folio _job ID --worker W`. Reads the order from the queue, checks
/// its signature again, runs the pipeline with delivery through the queue's ledger (or delivers
/// what an earlier attempt verified), writes the reports and ends its attempt in the queue
/// (`AttemptOutcome`): the runner only supervises, and ends the attempt of a process that died.
/// Stage changes go to the queue (for `folio status`) and to standard output as `stage: …`
/// lines, which the runner reads as they come (`StageReader`). The process stops as soon as its
/// runner is gone or the job is no longer its worker's (see `Fence`). `hooks` are for tests
/// (see `Hooks`).
public enum JobProcess {
    public static func run(id: String, worker given: String?, config: FolioConfig,
                           environment: [String: String] = ProcessInfo.processInfo.environment,
                           hooks: Hooks = Hooks()) -> Int32 {
        let started = Date()
        limitMemory(megabytes: config.jobMemoryMB)
        hooks.beforeWork(id)
        let folder = config.jobs.appendingPathComponent(id)
        do {
            let queue = try config.openQueue()
            guard let job = try queue.job(id) else {
                FileHandle.standardError.write(Data("folio: no job \(id) in the queue\n".utf8))
                return 2
            }
            guard let worker = given ?? job.worker else {
                FileHandle.standardError.write(Data("folio: job \(id) is not held by any worker\n".utf8))
                return 2
            }
            // The fence and the ledger's writes have connections of their own that fail fast, so
            // that a database gone away is noticed (and a delivery recorded) as soon as it can be.
            let fence = Fence(queue: try config.openQueue(outageBudget: 1), id: id, worker: worker, lease: config.leaseSeconds)
            fence.start(leaseCheck: max(0.5, config.leaseSeconds / 3))
            let writes = try config.openQueue(outageBudget: 1)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let verification = try queue.verification(id)
            let decision = DeliveryDecision.pending(in: try queue.events(id))
            var report: JobReport
            do {
                // The gate again, inside the job: a row written into the queue by other means
                // than intake cannot bypass it.
                try OrderGate(config: config, environment: environment).checkSignature(job.order, file: "queue:\(id)", signature: job.signature)
                var pipeline = Pipeline(config: config)
                let ledger = QueueLedger(queue: queue, writes: writes, job: id, attempt: job.attempts, worker: worker, fence: fence)
                ledger.afterRecord = { hooks.afterDeliveryRecorded(id) }
                pipeline.ledger = ledger
                pipeline.reuse = verification
                pipeline.approvedBy = job.approvedBy
                pipeline.deliveryDecision = decision
                pipeline.orderSHA256 = job.orderSHA256
                pipeline.thumbnails = true
                let stages = StageRecorder(queue: queue, id: id)
                pipeline.onStage = { stages.record($0) }
                report = pipeline.run(orderData: job.order, orderFile: "queue:\(id)", into: folder, deliver: true,
                                      attempt: job.attempts)
            } catch {
                report = JobReport(order: id, status: .rejected)
                report.attempts = job.attempts
                report.error = JobError.rejected(error).failure
                try AtomicFile.write(try report.encoded(), to: folder.appendingPathComponent("report.json"))
            }
            try JobReportPage.write(report, folder: folder, config: config)
            try ReportStore.publish(job: id, folder: folder, queue: queue)
            recordTimings(report, job: job, since: started, in: queue)
            _ = try AttemptOutcome(report).end(job: id, worker: worker, in: queue)
            return 0
        } catch {
            FileHandle.standardError.write(Data("folio: job \(id): \(error)\n".utf8))
            return 1
        }
    }

    /// The attempt's time and its stages' for `/metrics`; a queue that cannot take them costs
    /// the figures, not the night.
    private static func recordTimings(_ report: JobReport, job: QueuedJob, since started: Date, in queue: QueueDriver) {
        do {
            try queue.recordTimings(AttemptTimings(job: job.id, attempt: job.attempts, seconds: Date().timeIntervalSince(started),
                                                   stages: report.timingsMS.mapValues { Double($0) / 1000 }))
        } catch {
            FileHandle.standardError.write(Data("folio: job \(job.id): timings not recorded: \(error)\n".utf8))
        }
    }

    private static func limitMemory(megabytes: Int) {
        guard megabytes > 0 else { return }
        let bytes = rlim_t(megabytes) * 1_048_576
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }
}

/// Writes a job's stage into the queue, for `folio status` and the console, and tells the
/// runner at once on standard output.
final class StageRecorder: @unchecked Sendable {
    private let queue: QueueDriver
    private let id: String

    init(queue: QueueDriver, id: String) {
        self.queue = queue
        self.id = id
    }

    func record(_ stage: String) {
        try? queue.setStage(id: id, stage: stage)
        FileHandle.standardOutput.write(Data(StageReader.line(for: stage).utf8))
    }
}
