import Diagnostics
import Import
import Foundation

/// `folio intake`: takes every complete order file from the hot folder into the queue. A file
/// still being written is left alone: it must be unchanged for `settle` seconds (writers that
/// rename into place are taken at once, as their file appears whole and old enough).
public struct Intake {
    public struct Summary: Sendable {
        /// Queued: new, replaced, or a failed or cancelled job's order dropped again.
        public var accepted: [String] = []
        public var rejected: [(file: String, reason: String)] = []
        /// The same bytes as a job that is queued, running, held, done or waiting for a word on
        /// its delivery: not queued twice, and said so.
        public var alreadyQueued: [(id: String, state: String)] = []
        /// Why intake took nothing: the disk is short of the free space retention asks.
        public var pausedFor: String?
    }

    public var config: FolioConfig
    public var queue: JobStore & IntakeLog & RetentionStore & PauseStore
    public var settle: Double
    public var now: () -> Date

    public init(config: FolioConfig, queue: JobStore & IntakeLog & RetentionStore & PauseStore, now: @escaping () -> Date = { FolioClock.date }) {
        self.config = config
        self.queue = queue
        settle = config.intakeSettleSeconds
        self.now = now
    }

    public func run() throws -> Summary {
        let manager = FileManager.default
        let inbox = config.inbox
        try manager.createDirectory(at: inbox, withIntermediateDirectories: true)
        let accepted = inbox.appendingPathComponent("accepted"), rejected = inbox.appendingPathComponent("rejected")
        var summary = Summary()
        if let pause = try queue.pauses().first(where: { $0.target == .intake }) {
            summary.pausedFor = "intake paused by \(pause.pausedBy): \(pause.reason) (folio resume intake)"
            return summary
        }
        if let short = DiskSpace.short(config, minimum: config.retention.minimumFreeBytes) {
            // A book half-written on a full disk fails; the orders wait where they are.
            summary.pausedFor = "intake paused: \(short.name) (\(short.path.path)) has \(short.free / 1_048_576) MB free, "
                + "below retention.min_free_mb \(config.retention.minimumFreeBytes / 1_048_576)"
            return summary
        }
        let gate = OrderGate(config: config)
        var pending: [Admitted] = []
        let names = try manager.contentsOfDirectory(atPath: inbox.path).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        for name in names {
            let file = inbox.appendingPathComponent(name)
            guard let attributes = try? manager.attributesOfItem(atPath: file.path), attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date, now().timeIntervalSince(modified) >= settle else { continue }
            guard let data = manager.contents(atPath: file.path) else { continue }
            let signature = OrderGate.signature(besides: file)
            do {
                let order = try gate.admit(data, file: file.path, signature: signature)
                if let delivered = try deliveredBefore(order.id, data) {
                    // Pruned since, but the printer has its files: the same order is not printed twice.
                    summary.alreadyQueued.append((order.id, delivered))
                    try Self.move(file, into: accepted)
                    continue
                }
                pending.append(Admitted(file: file, id: order.id, order: NewOrder(id: order.id, order: data, signature: signature)))
                if pending.count == Self.batch { try settle(&pending, into: &summary) }
            } catch let error as InputError {
                try refuse(file, order: nil, reason: error.description, into: rejected)
                summary.rejected.append((name, error.description))
            }
        }
        try settle(&pending, into: &summary)
        return summary
    }

    /// Orders queued together: one transaction for `batch` files. A thousand transactions
    /// wrote each index's pages a thousand times; intake was a third as fast at 200,000 files.
    static let batch = 256

    struct Admitted {
        var file: URL
        var id: String
        var order: NewOrder
    }

    /// Queues the admitted orders in one transaction, then moves each file as its outcome says.
    private func settle(_ pending: inout [Admitted], into summary: inout Summary) throws {
        guard !pending.isEmpty else { return }
        let accepted = config.inbox.appendingPathComponent("accepted"), rejected = config.inbox.appendingPathComponent("rejected")
        let outcomes = try queue.enqueue(pending.map(\.order))
        for (item, outcome) in zip(pending, outcomes) {
            switch outcome {
            case .queued, .replaced:
                try Self.move(item.file, into: accepted)
                summary.accepted.append(item.id)
            case .duplicate:
                // The same order dropped again: a failed or cancelled job is tried again,
                // rendered afresh (its export may have been fixed since); any other is
                // already on its way or done, which the summary says.
                let job = try queue.job(item.id)
                if let job, [.failed, .cancelled].contains(job.state), try queue.retry(item.id, freshRender: true, by: "intake") {
                    summary.accepted.append(item.id)
                } else {
                    summary.alreadyQueued.append((item.id, job?.state.rawValue ?? "queued"))
                }
                try Self.move(item.file, into: accepted)
            case .conflict:
                let reason = "an order \"\(item.id)\" with other content is already in the queue; use `folio enqueue --replace` to replace it"
                try refuse(item.file, order: item.id, reason: reason, into: rejected)
                summary.rejected.append((item.file.lastPathComponent, reason))
            }
        }
        pending = []
    }

    /// "delivered (pruned)" when no job holds this id but the delivery proofs show these very
    /// bytes were printed.
    private func deliveredBefore(_ id: String, _ data: Data) throws -> String? {
        // Proofs are rare and indexed: asked first, the job only when there are some.
        let proofs = try queue.proofs(id)
        guard !proofs.isEmpty, try queue.job(id) == nil else { return nil }
        let digest = SHA256.hex(of: data)
        return proofs.contains { $0.orderSHA256 == digest } ? "delivered (pruned)" : nil
    }

    /// Moves a file (and its signature) into `folder`, never over an older file of that name.
    static func move(_ file: URL, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var target = folder.appendingPathComponent(file.lastPathComponent)
        var counter = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = folder.appendingPathComponent("\(file.deletingPathExtension().lastPathComponent)-\(counter).json")
            counter += 1
        }
        try FileManager.default.moveItem(at: file, to: target)
        // Retention ages a taken or refused order from when intake took it, not from when its
        // writer wrote it (an old file refused today would go at the next sweep).
        try? FileManager.default.setAttributes([.modificationDate: FolioClock.date], ofItemAtPath: target.path)
        let signature = file.appendingPathExtension("sig")
        if FileManager.default.fileExists(atPath: signature.path) {
            try? FileManager.default.moveItem(at: signature, to: target.appendingPathExtension("sig"))
        }
    }

    @discardableResult
    static func reject(_ file: URL, into folder: URL, reason: String) throws -> URL {
        try move(file, into: folder)
        let note = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".error.txt")
        try Data((reason + "\n").utf8).write(to: note)
        return note
    }

    /// Into `rejected/` with its error file, and into the queue's record, so the refusal shows
    /// in `folio status`, the console, the API and `/metrics`, not only in a folder.
    private func refuse(_ file: URL, order: String?, reason: String, into folder: URL) throws {
        let note = try Self.reject(file, into: folder, reason: reason)
        try queue.recordRejection(RejectedOrder(file: file.lastPathComponent, order: order, reason: reason, errorFile: note.path,
                                                at: now().timeIntervalSince1970))
    }
}
