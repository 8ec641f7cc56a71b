import Import
import Diagnostics
import Foundation
import Prepress
import Render

/// One job, start to finish: load → resolve → render → verify → report. Never throws:
/// every outcome, good or bad, is a report, so one bad order cannot stop a batch.
public struct Pipeline: Sendable {
    public var config: FolioConfig
    /// Told what the job is doing as it goes (`render`, `render: 118 pages`, `upload: …`).
    public var onStage: @Sendable (String) -> Void = { _ in }
    /// Threads the job may keep busy (photo workers, verifiers); the product's bytes are the same
    /// for any number.
    public var threads: Int
    /// Where a job process keeps deliveries and verified outputs (the queue); a run without
    /// one keeps them in memory.
    var ledger: JobLedger?
    /// What an earlier attempt of this job verified: delivered without rendering when every
    /// file on disk still has its digest.
    var reuse: Verification?
    /// The order's digest as the queue took it, so that the bytes are hashed once on their way.
    var orderSHA256: String?
    /// Who approved this job's held outputs (the queue's `approved_by`): they are delivered.
    var approvedBy: String?
    /// The operator's word on files whose delivery was unknown, or on a delivered job.
    var deliveryDecision: DeliveryDecision?
    /// Draw every interior page as a thumbnail for the console (queued jobs do; `folio render`
    /// only when asked).
    public var thumbnails = false

    /// Where the job's work runs (one policy for every stage).
    var scheduler: JobScheduler { JobScheduler(threads: threads) }

    public init(config: FolioConfig, threads: Int? = nil) {
        self.config = config
        self.threads = max(1, threads ?? config.threadsPerJob(workers: 1))
    }

    /// Runs one order into `folder`; with `deliver`, verified outputs go to the order's destination.
    /// `attempt` is the queue's count of tries, recorded in the report.
    public func run(orderData: Data, orderFile: String, into folder: URL, deliver: Bool = false, attempt: Int = 1) -> JobReport {
        var report = JobReport(order: URL(fileURLWithPath: orderFile).deletingPathExtension().lastPathComponent, status: .done)
        report.attempts = attempt
        defer { MemoryReuse.endJob() }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try work(orderData: orderData, orderFile: orderFile, folder: folder, deliver: deliver, report: &report)
        } catch let error as JobError {
            report.status = if case .rejected = error { .rejected } else { .failed }
            report.error = error.failure
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: .ioError, message: "\(error)", details: [])
        }
        // An order that was never loaded (loading names the report and its product) is still
        // named by its id, read leniently; a loaded one is not parsed a second time.
        if report.product == nil, let id = Self.orderID(in: orderData) { report.order = id }
        // A full disk is the operator's to fix, not the order's: the queue retries it later.
        if report.status == .failed, let failure = report.error, OutOfSpace.explains(failure.message, folder: folder) {
            report.error = JobReport.Failure(code: .outOfSpace, message: "\(failure.code): \(failure.message)", details: failure.details)
        }
        do {
            try AtomicFile.write(try report.encoded(), to: folder.appendingPathComponent("report.json"))
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: .reportNotWritten, message: "\(error)", details: [])
        }
        return report
    }

    /// The spine: each step is a typed stage in a file of its own (Pipeline+Resolve, +Render,
    /// +Verify, +Resume); timings are taken here, by one clock.
    private func work(orderData: Data, orderFile: String, folder: URL, deliver: Bool, report: inout JobReport) throws {
        var clock = StageClock()
        // A zipped export is unpacked here, inside the job's folder, and removed with the job.
        let scratch = folder.appendingPathComponent(".export-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = try load(orderData: orderData, orderFile: orderFile, scratch: scratch, report: &report)
        let orderSHA256 = self.orderSHA256 ?? SHA256.hex(of: orderData)
        if deliver, let verified = reusable(orderSHA256: orderSHA256, folder: folder, report: &report) {
            return try deliverReused(verified, input: input, orderSHA256: orderSHA256, folder: folder, clock: &clock, report: &report)
        }
        report.stages = ["resolve", "render", "verify"].map { .init(stage: $0, status: .ran, attempt: report.attempts) }
        onStage("resolve")
        let resolved = try resolve(input, report: &report)
        clock.lap("resolve", into: &report)
        onStage("render")
        let book = try render(resolved, input: input, folder: folder, report: &report)
        defer { book.close() }
        var verifier = VerifyStage(product: input.product, scheduler: scheduler)
        verifier.bindsOnRight = resolved.book.bindsOnRight
        let printed = verifier.checkPrint(book, resolved: resolved)
        let rendered = try finishRendering(book, input: input, report: &report)
        clock.lap("render", into: &report, until: rendered.end)
        onStage("verify")
        try verify(rendered, printed: printed, verifier: verifier, resolved: resolved, report: &report)
        clock.skip()
        guard deliver else { return }
        ledger?.verified(Verification(job: ledger?.job ?? input.order.id, orderSHA256: orderSHA256, attempt: report.attempts,
                                      report: try Self.encode(report), verifiedAt: Date().timeIntervalSince1970))
        if holdsForReview(input, report: &report) { return }
        try deliverOutputs(input, orderSHA256: orderSHA256, folder: folder, clock: &clock, report: &report)
    }

    static func finding(_ notice: Diagnostic) -> Diagnostic {
        Diagnostic(severity: notice.isInformational ? .info : .warning, code: notice.code, message: notice.message,
                          entry: notice.entry, page: notice.page, file: notice.file)
    }

    /// The order id, read leniently so that even a rejected order's report is named right.
    static func orderID(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = object["id"] as? String, Order.isValidIdentifier(id) else { return nil }
        return id
    }
}
