import Foundation

/// Applies `retention` (issue 36): finished jobs past their days go with everything they left
/// (queue rows, job folder, local outbox copies, accepted order file), refused orders and batch
/// reports past theirs too. Held, queued, running and delivery-unknown jobs are never touched,
/// nor a failed job nobody decided on; what the printer received stays as delivery proofs.
/// `folio prune` runs it once (`--dry-run` lists without removing); `run --watch` on a schedule.
public struct Retention {
    public typealias Queue = JobStore & DeliveryLedger & RetentionStore

    let config: FolioConfig
    let queue: Queue
    /// The time the cutoffs count from: the queue's own clock in tests of months of nights.
    let now: () -> Date

    public init(config: FolioConfig, queue: Queue, now: @escaping () -> Date = { FolioClock.date }) {
        self.config = config
        self.queue = queue
        self.now = now
    }

    /// One sweep; with `dryRun`, what it would remove, removing nothing. With `until`, it stops
    /// removing jobs at that time and says so (`unfinished`): a runner sweeps between renewing
    /// its leases, and a first sweep over months of history must not let them run out.
    public func apply(dryRun: Bool = false, until deadline: Date? = nil) throws -> PruneSummary {
        let policy = config.retention
        let time = now().timeIntervalSince1970
        var summary = PruneSummary(dryRun: dryRun)
        let cutoffs = policy.cutoffs(at: time)
        let candidates = try queue.prunable(cutoffs)
        for (id, state) in candidates {
            if let deadline, Date() >= deadline {
                summary.unfinished = true
                break
            }
            let folder = config.jobs.appendingPathComponent(id)
            let copies = try outboxCopies(of: id)
            let bytes = DiskSpace.used(by: folder) + copies.reduce(0) { $0 + DiskSpace.used(by: $1) }
            if !dryRun {
                guard try queue.prune([id], cutoffs: cutoffs) == [id] else { continue }
                // Queued afresh in the moment since: its new attempt owns the folder now.
                if try queue.job(id) == nil { try? FileManager.default.removeItem(at: folder) }
                for copy in copies { Self.removeCopy(copy, of: id) }
            }
            summary.jobs.append(.init(id: id, state: state.rawValue, bytes: bytes))
        }
        // A dry run counts the jobs it listed as gone, as the sweep itself would find them.
        let gone = Set(summary.jobs.map(\.id))
        summary.orphanFolders = try sweepOrphanFolders(olderThan: time - policy.doneDays * 86_400, except: gone, dryRun: dryRun,
                                                       into: &summary)
        summary.orders = try sweepAcceptedOrders(olderThan: time - policy.longestJobDays * 86_400, gone: gone, dryRun: dryRun,
                                                 into: &summary)
        let rejectedCutoff = time - policy.rejectedDays * 86_400
        summary.rejectedOrders = sweepFiles(in: config.inbox.appendingPathComponent("rejected"), olderThan: rejectedCutoff,
                                            dryRun: dryRun, into: &summary) { $0.hasSuffix(".json") }
        let reportsCutoff = time - policy.reportsDays * 86_400
        summary.batchReports = sweepFiles(in: config.reports, olderThan: reportsCutoff, dryRun: dryRun, into: &summary) {
            ($0.hasPrefix("BATCH-") || $0.hasPrefix("NIGHT-")) && $0.hasSuffix(".json")
        }
        if !dryRun {
            _ = try queue.pruneRejections(before: rejectedCutoff)
            _ = try queue.pruneBatchReports(before: reportsCutoff)
            try queue.compact()
        }
        summary.undecidedFailures = try queue.undecidedFailures(before: time - policy.failedDays * 86_400)
        return summary
    }

    /// The local (`file:`) copies the ledger says this job delivered: the outbox is Folio's to
    /// clean, a remote printer's storage is not.
    private func outboxCopies(of id: String) throws -> [URL] {
        try queue.deliveries(id).compactMap { entry in
            guard let url = URL(string: entry.url), url.isFileURL, FileManager.default.fileExists(atPath: url.path) else { return nil }
            return url
        }
    }

    /// Job folders whose job is gone (pruned by another host, forgotten, or left by a crash
    /// between the two steps above), once untouched for the done jobs' days.
    private func sweepOrphanFolders(olderThan cutoff: Double, except pruned: Set<String>, dryRun: Bool,
                                    into summary: inout PruneSummary) throws -> Int {
        var count = 0
        for folder in Self.entries(of: config.jobs) where Self.modified(folder) < cutoff && !pruned.contains(folder.lastPathComponent) {
            // Only what a job left: a folder named as a job, holding its log or report (never a
            // file, nor a folder of anything else that shares the place).
            guard JobIdentifier.isValid(folder.lastPathComponent),
                  ["job.log", "report.json"].contains(where: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }),
                  try queue.job(folder.lastPathComponent) == nil else { continue }
            summary.bytes += DiskSpace.used(by: folder)
            if !dryRun { try? FileManager.default.removeItem(at: folder) }
            count += 1
        }
        return count
    }

    /// Accepted order files whose job is gone; the queue keeps an order's bytes while its job is.
    private func sweepAcceptedOrders(olderThan cutoff: Double, gone: Set<String>, dryRun: Bool,
                                     into summary: inout PruneSummary) throws -> Int {
        var count = 0
        for file in Self.entries(of: config.inbox.appendingPathComponent("accepted"))
        where file.pathExtension == "json" && Self.modified(file) < cutoff {
            if let id = Self.orderID(in: file), !gone.contains(id), try queue.job(id) != nil { continue }
            count += removeWithCompanions(file, dryRun: dryRun, into: &summary)
        }
        return count
    }

    /// Files named by `chosen` older than `cutoff`, each with its `.sig`, `.error.txt` or
    /// `.html` companions.
    private func sweepFiles(in folder: URL, olderThan cutoff: Double, dryRun: Bool, into summary: inout PruneSummary,
                            chosen: (String) -> Bool) -> Int {
        var count = 0
        for file in Self.entries(of: folder) where chosen(file.lastPathComponent) && Self.modified(file) < cutoff {
            count += removeWithCompanions(file, dryRun: dryRun, into: &summary)
        }
        return count
    }

    private func removeWithCompanions(_ file: URL, dryRun: Bool, into summary: inout PruneSummary) -> Int {
        let stem = file.deletingPathExtension()
        for companion in [file, file.appendingPathExtension("sig"), stem.appendingPathExtension("error.txt"), stem.appendingPathExtension("html")]
        where FileManager.default.fileExists(atPath: companion.path) {
            summary.bytes += DiskSpace.used(by: companion)
            if !dryRun { try? FileManager.default.removeItem(at: companion) }
        }
        return 1
    }

    static func entries(of folder: URL) -> [URL] {
        (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
    }

    static func modified(_ file: URL) -> Double {
        ((try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantFuture).timeIntervalSince1970
    }

    /// Removes an outbox copy, then its folder when that is the job's own (`outbox/ORDER/`, as
    /// the destination's `{order}` made it) and left empty: never a folder the destination's
    /// template names itself, such as a printer's shared hot folder.
    static func removeCopy(_ copy: URL, of job: String) {
        try? FileManager.default.removeItem(at: copy)
        let parent = copy.deletingLastPathComponent()
        if parent.lastPathComponent == job, (try? FileManager.default.contentsOfDirectory(atPath: parent.path))?.isEmpty == true {
            try? FileManager.default.removeItem(at: parent)
        }
    }

    static func orderID(in file: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: file.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["id"] as? String
    }
}
