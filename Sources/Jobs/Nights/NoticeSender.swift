import Foundation
import Synchronization

/// Sends the runner's notices on a thread of their own: a slow webhook never holds up the loop
/// that renews leases. What failed is collected for the runner to log.
final class NoticeSender: Sendable {
    private let notifier: Notifier
    private let queue = DispatchQueue(label: "folio.notices")
    private let problems = Mutex<[String]>([])

    init(_ notifier: Notifier) { self.notifier = notifier }

    func send(_ notice: Notifier.Notice) {
        guard notifier.wants(notice) else { return }
        queue.async { [self] in
            let failed = notifier.send(notice)
            if !failed.isEmpty { problems.withLock { $0 += failed } }
        }
    }

    /// What failed since last asked.
    func takeProblems() -> [String] { problems.withLock { taken in defer { taken = [] }; return taken } }

    /// Waits for every notice handed over: a run that ends still sends what it owes.
    func finish() { queue.sync {} }
}
