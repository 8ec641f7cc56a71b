import Foundation

/// A job process's hold on its job. It leaves at once when its runner dies (even by kill -9) or
/// the queue no longer has the job as its worker's, so that nothing an orphan does can pass for
/// the new holder's work. During a transfer it leaves once that transfer has ended and been
/// recorded (a file the printer accepted must reach the ledger); a transfer is cut off first
/// when the queue says another may hold the job.
final class Fence: @unchecked Sendable {
    private let queue: DeliveryLedger
    private let id: String
    private let worker: String
    private let lease: Double
    private let parent = getppid()
    private let lock = NSLock()
    /// The fence's connection is asked from the watching thread and, before each file, from
    /// the job's own: one at a time (a libpq connection serves one thread at a time).
    private let asking = NSLock()
    private var lost: String?
    /// The queue says another may hold the job now: a transfer under way is cut off at once.
    /// A runner that died leaves the lease standing for a while, so a transfer goes on, checked
    /// every second, and its outcome is recorded.
    private var superseded = false
    private var stopping = false
    private var transferring = false
    /// When the queue last said the job is this worker's. Renewals leave at least two thirds of
    /// a lease, so past that with no answer (the database unreachable) the hold is not sure.
    private var confirmed = Date()

    /// `queue` is this fence's own connection, failing fast, asked from the watching thread and
    /// before each file.
    init(queue: DeliveryLedger, id: String, worker: String, lease: Double) {
        self.queue = queue
        self.id = id
        self.worker = worker
        self.lease = lease
    }

    /// SIGTERM (the runner stopping, or systemd stopping the service): a transfer still sending
    /// is cut off before its last byte, with a reset so nothing buffered reaches the printer
    /// later; one whose body the printer has acknowledged whole waits for its answer (up to
    /// `HTTPAttempt.stopGrace`, then it is recorded as unknown). Either way it is recorded, and
    /// the process leaves without ending its attempt, which goes back to the queue. The default
    /// action killed the process mid-transfer, and the kernel still delivered what it had
    /// buffered: a whole file the ledger never saw, sent again after the restart.
    private var terminate: DispatchSourceSignal?

    /// Watches the parent every quarter second and the queue every `leaseCheck` seconds, or
    /// every second while a file is being sent: a rescued attempt may start sending the same
    /// file as soon as the lease runs out, so this one must stop within the time the other
    /// needs to start (a claim, a process, digests checked again).
    func start(leaseCheck: Double) {
        signal(SIGTERM, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        source.setEventHandler { [self] in
            lock.withLock { stopping = true }
            lose("stopped by SIGTERM", superseded: false)
        }
        source.resume()
        terminate = source
        Thread.detachNewThread { [self] in
            var lastCheck = Date()
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                if getppid() != parent { lose("its runner is gone", superseded: false) }
                let interval = lock.withLock { transferring } ? min(1, leaseCheck) : leaseCheck
                if Date().timeIntervalSince(lastCheck) >= interval {
                    lastCheck = Date()
                    if case .lost(let reason) = check() { lose(reason, superseded: true) }
                }
            }
        }
    }

    /// True once another may be sending this job's files: the transfer under way must stop.
    var isSuperseded: Bool { lock.withLock { superseded } }

    /// True once SIGTERM asked the process to stop (`DeliveryHooks.stopping`).
    var isStopping: Bool { lock.withLock { stopping } }

    private enum Hold { case held, lost(String), unknown }

    /// Asks the queue. While it cannot answer, the hold counts as lost only once the lease
    /// could have run out.
    private func check() -> Hold {
        do {
            guard try asking.withLock({ try queue.holds(id: id, worker: worker) }) else {
                return .lost("the queue no longer has it as \(worker)'s")
            }
            lock.withLock { confirmed = Date() }
            return .held
        } catch {
            let unconfirmed = lock.withLock { Date().timeIntervalSince(confirmed) }
            return unconfirmed > lease * 2 / 3 ? .lost("the queue could not confirm its lease before it ran out (\(error))") : .unknown
        }
    }

    /// Before a file is sent: the queue must say now, not at the last check, that the job is
    /// this worker's; while it cannot be asked, nothing is sent.
    func beginTransfer(_ file: String) {
        while true {
            if let reason = lock.withLock({ lost }) { leave(reason, before: file) }
            switch check() {
            case .held:
                lock.withLock { transferring = true }
                return
            case .lost(let reason):
                lock.withLock {
                    lost = lost ?? reason
                    superseded = true
                }
            case .unknown: Thread.sleep(forTimeInterval: 0.25)
            }
        }
    }

    func endTransfer() {
        lock.lock()
        defer { lock.unlock() }
        transferring = false
        if let lost { leave(lost, before: nil) }
    }

    private func lose(_ reason: String, superseded: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if lost == nil { lost = reason }
        if superseded { self.superseded = true }
        if !transferring { leave(reason, before: nil) }
    }

    /// Exits without a report: the folder and the job are someone else's now.
    private func leave(_ reason: String, before file: String?) -> Never {
        let what = file.map { ": \($0) and what follows are not sent" } ?? ""
        FileHandle.standardError.write(Data("folio: job \(id) stops, \(reason)\(what)\n".utf8))
        _exit(137)
    }
}
