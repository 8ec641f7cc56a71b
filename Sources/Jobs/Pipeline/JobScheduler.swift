import Foundation
import Diagnostics

/// Where one job's work runs, decided in one place from the threads the job may keep busy
/// (`threads_per_job`, or the runner's share of the cores): the photo workers, the EPUB on a
/// thread of its own while the print files are checked, the files and their checks side by side.
/// The product's bytes are the same for any number of threads.
struct JobScheduler: Sendable {
    let threads: Int

    init(threads: Int) { self.threads = max(1, threads) }

    /// Photos are decoded, converted and encoded ahead of the drawing by this many workers.
    var photoWorkers: Int { threads }

    /// A verifier may decode streams and measure ink on this many threads of its own.
    var checkThreads: Int { threads }

    /// `work` beside the caller when there is a second thread, else at once.
    func beside<Value: Sendable>(_ work: @escaping @Sendable () throws(JobError) -> Value) -> BackgroundTask<Value> {
        BackgroundTask(inBackground: threads > 1, work)
    }

    /// `transform` over `items` side by side, results in the items' order.
    func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        ParallelMap.map(items, threads: threads, transform)
    }
}
