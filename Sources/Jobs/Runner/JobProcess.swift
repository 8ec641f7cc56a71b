import Foundation

/// The child side of a job: `folio _job ID`. Reads the order from the queue, checks its
/// signature again, clears leftovers of a killed attempt, runs the pipeline with delivery,
/// and writes the reports. The runner reads the outcome from report.json.
public enum JobProcess {
    public static func run(id: String, config: FolioConfig, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        watchParent()
        limitMemory(megabytes: config.jobMemoryMB)
        injectFault(for: id, environment)
        let folder = config.jobs.appendingPathComponent(id)
        do {
            let queue = try config.openQueue()
            guard let job = try queue.job(id) else {
                FileHandle.standardError.write(Data("folio: no job \(id) in the queue\n".utf8))
                return 2
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var report: JobReport
            do {
                // The gate again, inside the job: a row written into the queue by other means
                // than intake cannot bypass it.
                try OrderGate(config: config, environment: environment).checkSignature(job.order, file: "queue:\(id)", signature: job.signature)
                var pipeline = Pipeline(config: config)
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
            return 0
        } catch {
            FileHandle.standardError.write(Data("folio: job \(id): \(error)\n".utf8))
            return 1
        }
    }

    /// When the runner dies (even by kill -9) its children must not go on writing: the parent
    /// process changes, and the child leaves at once.
    private static func watchParent() {
        let parent = getppid()
        Thread.detachNewThread {
            while true {
                if getppid() != parent { _exit(137) }
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
    }

    private static func limitMemory(megabytes: Int) {
        guard megabytes > 0 else { return }
        let bytes = rlim_t(megabytes) * 1_048_576
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }

    /// Test hook: `FOLIO_TEST_FAULT=ID:segv,ID2:oom,ID3:exit` makes that job's process crash
    /// the way a fault in a C library or an exhausted memory would, or end without a word (as
    /// when its report cannot be written), so tests can prove it fails alone.
    private static func injectFault(for id: String, _ environment: [String: String]) {
        let faults = (environment["FOLIO_TEST_FAULT"] ?? "").split(separator: ",")
        guard let fault = faults.first(where: { $0.hasPrefix(id + ":") }) else { return }
        switch fault.dropFirst(id.count + 1) {
        case "segv":
            // A real invalid access, as a fault inside a C library would make (raise() alone
            // lets the process go on once Swift's backtracer has printed).
            UnsafeMutablePointer<UInt8>(bitPattern: 16)?.pointee = 1
        case "oom":
            var blocks: [UnsafeMutableRawPointer] = []
            while let block = malloc(64 << 20) {
                memset(block, 1, 64 << 20)
                blocks.append(block)
            }
            // Out of address space: abort as an allocation failure in a library would.
            abort()
        case "exit":
            exit(3)
        default:
            break
        }
    }
}

/// Writes a job's stage into the queue for the runner's progress and `folio status`.
final class StageRecorder: @unchecked Sendable {
    private let queue: QueueDriver
    private let id: String

    init(queue: QueueDriver, id: String) {
        self.queue = queue
        self.id = id
    }

    func record(_ stage: String) { try? queue.setStage(id: id, stage: stage) }
}
