import Foundation

/// A job process's hold on its job. It leaves at once when its runner dies (even by kill -9) or
/// the queue no longer has the job as its worker's, so that nothing an orphan does can pass for
/// the new holder's work; during a transfer it waits for that transfer to end and be recorded,
/// because a file the printer accepted must reach the ledger.
final class Fence: @unchecked Sendable {
    private let queue: QueueDriver
    private let id: String
    private let worker: String
    private let parent = getppid()
    private let lock = NSLock()
    private var lost: String?
    private var transferring = false

    /// `queue` is this fence's own connection: it is read from the watching thread.
    init(queue: QueueDriver, id: String, worker: String) {
        self.queue = queue
        self.id = id
        self.worker = worker
    }

    /// Watches the parent every quarter second and the queue every `leaseCheck` seconds.
    func start(leaseCheck: Double) {
        Thread.detachNewThread { [self] in
            var lastCheck = Date()
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                if getppid() != parent { lose("its runner is gone") }
                if Date().timeIntervalSince(lastCheck) >= leaseCheck {
                    lastCheck = Date()
                    if (try? queue.holds(id: id, worker: worker)) == false { lose("the queue no longer has it as \(worker)'s") }
                }
            }
        }
    }

    var isLost: Bool { lock.withLock { lost != nil } }

    /// Before a file is sent: the queue is asked now, not at the last check.
    func beginTransfer(_ file: String) {
        lock.lock()
        defer { lock.unlock() }
        if lost == nil, (try? queue.holds(id: id, worker: worker)) != true { lost = "the queue no longer has it as \(worker)'s" }
        if let lost { leave(lost, before: file) }
        transferring = true
    }

    func endTransfer() {
        lock.lock()
        defer { lock.unlock() }
        transferring = false
        if let lost { leave(lost, before: nil) }
    }

    private func lose(_ reason: String) {
        lock.lock()
        defer { lock.unlock() }
        if lost == nil { lost = reason }
        if !transferring { leave(reason, before: nil) }
    }

    /// Exits without a report: the folder and the job are someone else's now.
    private func leave(_ reason: String, before file: String?) -> Never {
        let what = file.map { ": \($0) and what follows are not sent" } ?? ""
        FileHandle.standardError.write(Data("folio: job \(id) stops, \(reason)\(what)\n".utf8))
        _exit(137)
    }
}
