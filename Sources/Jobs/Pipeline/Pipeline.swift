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
    /// Who approved this job's held outputs (the queue's `approved_by`): they are delivered.
    var approvedBy: String?
    /// Draw every interior page as a thumbnail for the console (queued jobs do; `folio render`
    /// only when asked).
    public var thumbnails = false

    public init(config: FolioConfig, threads: Int? = nil) {
        self.config = config
        self.threads = max(1, threads ?? config.threadsPerJob(workers: 1))
    }

    /// Runs one order into `folder`; with `deliver`, verified outputs go to the order's destination.
    /// `attempt` is the queue's count of tries, recorded in the report.
    public func run(orderData: Data, orderFile: String, into folder: URL, deliver: Bool = false, attempt: Int = 1) -> JobReport {
        var report = JobReport(order: Self.orderID(in: orderData) ?? URL(fileURLWithPath: orderFile).deletingPathExtension().lastPathComponent,
                               status: .done)
        report.attempts = attempt
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try work(orderData: orderData, orderFile: orderFile, folder: folder, deliver: deliver, report: &report)
        } catch let error as JobError {
            report.status = if case .rejected = error { .rejected } else { .failed }
            report.error = error.failure
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: "io-error", message: "\(error)", details: [])
        }
        // A full disk is the operator's to fix, not the order's: the queue retries it later.
        if report.status == .failed, let failure = report.error, OutOfSpace.explains(failure.message, folder: folder) {
            report.error = JobReport.Failure(code: "out-of-space", message: "\(failure.code): \(failure.message)", details: failure.details)
        }
        do {
            try AtomicFile.write(try report.encoded(), to: folder.appendingPathComponent("report.json"))
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: "report-not-written", message: "\(error)", details: [])
        }
        return report
    }

    private func work(orderData: Data, orderFile: String, folder: URL, deliver: Bool, report: inout JobReport) throws {
        var clock = StageClock()
        let input: JobInput
        // A zipped export is unpacked here, inside the job's folder, and removed with the job.
        let scratch = folder.appendingPathComponent(".export-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            input = try JobInput.load(orderData: orderData, orderFile: orderFile, config: config, scratch: scratch)
        } catch {
            throw JobError.rejected(error)
        }
        report.order = input.order.id
        report.product = .init(id: input.product.id, name: input.product.name,
                               outputCondition: input.product.outputColour.name)
        let orderSHA256 = SHA256.hex(of: orderData)
        if deliver, let verified = reusable(orderSHA256: orderSHA256, folder: folder, report: &report) {
            clock.lap("recheck", into: &report)
            report.entries = verified.report.entries
            report.accounting = verified.report.accounting
            report.outputs = verified.report.outputs
            report.preflight += verified.report.preflight
            report.stages = ["resolve", "render", "verify"].map { .init(stage: $0, status: .reused, attempt: verified.attempt) }
                + [.init(stage: "recheck", status: .ran, attempt: report.attempts)]
            if holdsForReview(input, report: &report) { return }
            return try deliverOutputs(input, orderSHA256: orderSHA256, folder: folder, clock: &clock, report: &report)
        }
        report.stages = ["resolve", "render", "verify"].map { .init(stage: $0, status: .ran, attempt: report.attempts) }
        onStage("resolve")
        let resolved = Resolver.resolve(order: input.order, journal: input.journal)
        report.entries = .init(included: resolved.book.entries.count, archivedExcluded: resolved.archivedExcluded)
        var accounting = resolved.accounting
        if let imported = input.imported {
            // What the export was read as, and what of it has no place in a book.
            report.preflight.append(.init(severity: .info, code: "export-format",
                                          message: "read as \(imported.format.label)\(imported.detected ? " (detected)" : "")"
                                              + (imported.assumedTimeZone.map { ", local times in \($0)" } ?? ""), entry: nil, page: nil))
            report.preflight += imported.notices.map(Self.finding)
            let printedIDs = Set(resolved.book.entries.map(\.id))
            accounting.add(missingPhotos: imported.notices.filter { $0.code == "import-photo-missing" && printedIDs.contains($0.entry ?? "") }.count,
                           attachments: imported.attachments,
                           omissions: imported.notices.filter { Accounting.omissionCodes.contains($0.code) }
                               .map { .init(entry: $0.entry, code: $0.code, message: $0.message) })
            accounting.add(skipped: imported.skipped)
        }
        report.preflight += accounting.omissions.filter { $0.code == "entry-empty" }
            .map { .init(severity: .info, code: $0.code, message: "not printed: \($0.message)", entry: $0.entry, page: nil) }
        report.accounting = accounting
        clock.lap("resolve", into: &report)
        // A book with nothing in it is never made, let alone sent.
        guard !resolved.book.entries.isEmpty else {
            throw JobError.failed(code: "nothing-to-print", message: NothingToPrint.message(input: input, accounting: accounting))
        }

        let cover = input.coverContent
        onStage("render")
        // Photo workers start now and run ahead of the drawing while the text is laid out.
        let photos: PhotoPool
        do {
            photos = try PhotoPool(product: input.product, threads: threads, scratch: folder.appendingPathComponent(".photos-\(getpid())"),
                                   screens: input.order.outputs.contains(.epub))
        } catch {
            throw JobError.failed(code: "render-failed", message: error.message)
        }
        defer { photos.close() }
        photos.schedule(PhotoPool.requests(for: resolved.book, coverPhoto: cover.photo))
        // The interior is always laid out: the cover's spine depends on its final page count.
        let interiorStart = ContinuousClock.now
        let interior = try InteriorStage(product: input.product, thumbnails: thumbnails)
            .run(resolved.book, cover: cover, photos: photos, into: folder)
        report.timingsMS["layout"] = StageClock.milliseconds(interior.layoutTime)
        report.timingsMS["draw"] = StageClock.milliseconds(interior.drawTime)
        if thumbnails { report.timingsMS["thumbnails"] = StageClock.milliseconds(interior.thumbnailTime) }
        report.timingsMS["finish"] = StageClock.milliseconds(ContinuousClock.now - interiorStart - interior.layoutTime - interior.drawTime
                                                             - interior.thumbnailTime)
        report.preflight += Self.placeMissingPhotos(&report.preflight, drawn: interior.notices).map(Self.finding)
        onStage("render: \(interior.pages) pages")
        var produced: [(kind: Order.Output, file: URL, pages: Int?)] = []
        if input.order.outputs.contains(.interior) { produced.append((.interior, interior.file, interior.pages)) } else {
            try? FileManager.default.removeItem(at: interior.file)
        }
        // With a second thread the EPUB is written while the PDFs are finished off and verified.
        let product = input.product, book = resolved.book, orderID = input.order.id, pageMarks = interior.pageMarks
        let epubTask = input.order.outputs.contains(.epub) ? BackgroundTask(inBackground: threads > 1) { () throws(JobError) in
            let started = ContinuousClock.now
            let epub = try EPUBStage(product: product)
                .run(book, cover: cover, orderID: orderID, pageMarks: pageMarks, photos: photos, into: folder)
            let finished = ContinuousClock.now
            return (epub, finished - started, finished)
        } : nil
        // Should the cover or a check stop the job, the EPUB's thread is done before the photos
        // are cleared and the report is written.
        defer { epubTask?.wait() }
        let coverStart = ContinuousClock.now
        if input.order.outputs.contains(.cover) {
            let spread = try CoverStage(product: input.product)
                .run(cover, pages: interior.pages, contentDate: resolved.book.contentDate, photos: photos, into: folder)
            report.preflight += spread.spread.notices.map(Self.finding)
            produced.append((.cover, spread.file, 1))
            report.timingsMS["cover"] = StageClock.milliseconds(ContinuousClock.now - coverStart)
        }
        // The operator's preview of the cover, drawn by the same drawCover as the book.
        if let preview = try? CoverRenderer(product: input.product).renderPicture(cover, pixelWidth: 420, png: true, photos: photos) {
            try? AtomicFile.write(preview, to: folder.appendingPathComponent("preview-cover.png"))
        }
        let verifier = VerifyStage(product: input.product, threads: threads)
        let forbidden = resolved.forbiddenText
        let expected = resolved.expectedText
        let printedStart = ContinuousClock.now
        let printed = verifier.run(produced, interiorPages: interior.pages, forbidden: forbidden, expected: expected)
        let printedEnd = ContinuousClock.now
        // Rendering ends when the last file is written: the EPUB, or the cover without one.
        var renderEnd = printedStart
        if let epubTask {
            let (epub, elapsed, finished) = try epubTask.value()
            renderEnd = finished
            // A photo that failed in the PDF fails in the EPUB too: one problem, one finding.
            for finding in Self.placeMissingPhotos(&report.preflight, drawn: epub.notices).map(Self.finding) where !report.preflight.contains(where: {
                $0.code == finding.code && $0.entry == finding.entry && $0.message == finding.message
            }) {
                report.preflight.append(finding)
            }
            produced.append((.epub, epub.file, nil))
            report.timingsMS["epub"] = StageClock.milliseconds(elapsed)
        }
        report.timingsMS["photos"] = StageClock.milliseconds(photos.busyTime)
        report.preflight += photos.untagged.all.map { file in
            let folder = input.journal.folder.standardizedFileURL.path + "/"
            let name = file.standardizedFileURL.path.hasPrefix(folder) ? String(file.standardizedFileURL.path.dropFirst(folder.count)) : file.lastPathComponent
            return .init(severity: .info, code: "photo-cmyk-assumed",
                         message: "\(name): a CMYK photo without a colour profile is taken as already in \(input.product.outputColour.name), "
                             + "the output intent (as PDF/X reads DeviceCMYK), and held to the ink limit", entry: nil, page: nil)
        }
        photos.close()
        clock.lap("render", into: &report, until: renderEnd)
        onStage("verify")
        let verifyStart = ContinuousClock.now
        let electronic = verifier.run(produced.filter { $0.kind == .epub }, interiorPages: interior.pages, forbidden: forbidden,
                                      expected: expected)
        for output in produced {
            let digest = try SHA256.hex(ofFile: output.file)
            report.outputs.append(.init(kind: output.kind.rawValue, file: output.file.lastPathComponent, bytes: digest.bytes,
                                        sha256: digest.digest, pages: output.pages))
        }
        report.preflight += printed + electronic
        let verifyEnd = ContinuousClock.now
        // `verify` is what verification adds to the job's wall time: the checks after the last
        // file was written, and the PDFs' checks only as far as they outran the EPUB's writing.
        // `verify_checks` is the checks' own time, wherever they ran.
        let outran = printedEnd > renderEnd ? printedEnd - max(renderEnd, printedStart) : .zero
        report.timingsMS["verify"] = StageClock.milliseconds(outran + (verifyEnd - verifyStart))
        report.timingsMS["verify_checks"] = StageClock.milliseconds((printedEnd - printedStart) + (verifyEnd - verifyStart))
        // The completeness check's own time, wherever it ran (it overlaps the EPUB's writing).
        report.timingsMS["verify_completeness"] = StageClock.milliseconds(verifier.completenessClock.elapsed)
        report.timingsMS["verify_page_text"] = StageClock.milliseconds(verifier.pageTextClock.elapsed)
        clock.skip()
        report.timingsMS["upload"] = 0
        // A file that failed verification never reaches a printer.
        let errors = report.preflight.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw JobError.failed(code: "verification-failed",
                                  message: "\(errors.count) verification error\(errors.count == 1 ? "" : "s"); nothing is delivered: "
                                      + errors.prefix(3).map { "\($0.code) \($0.message)" }.joined(separator: "; "))
        }
        guard deliver else { return }
        ledger?.verified(Verification(job: ledger?.job ?? input.order.id, orderSHA256: orderSHA256, attempt: report.attempts,
                                      report: try Self.encode(report), verifiedAt: Date().timeIntervalSince1970))
        if holdsForReview(input, report: &report) { return }
        try deliverOutputs(input, orderSHA256: orderSHA256, folder: folder, clock: &clock, report: &report)
    }

    static func finding(_ notice: RenderNotice) -> JobReport.Finding {
        JobReport.Finding(severity: notice.isInformational ? .info : .warning, code: notice.code, message: notice.message,
                          entry: notice.entry, page: notice.page)
    }

    /// The order id, read leniently so that even a rejected order's report is named right.
    static func orderID(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = object["id"] as? String, Order.isValidIdentifier(id) else { return nil }
        return id
    }
}

/// Milliseconds spent in each stage.
struct StageClock {
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String, into report: inout JobReport, until end: ContinuousClock.Instant = .now) {
        report.timingsMS[stage] = Self.milliseconds(end - last)
        last = end
    }

    /// Starts the next lap now, when the stage just ended was recorded another way.
    mutating func skip() {
        last = ContinuousClock.now
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
