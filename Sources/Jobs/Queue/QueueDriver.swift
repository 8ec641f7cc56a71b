import Foundation

/// What the runner needs from a queue: entity + verb, one implementation per backend.
public protocol QueueDriver: AnyObject {
    func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome
    /// Atomically takes the oldest runnable job (queued and due, or running with an expired
    /// lease) for `worker`, holding it for `lease` seconds.
    func claim(worker: String, lease: Double) throws -> QueuedJob?
    /// Extends the lease; false when the job is no longer this worker's.
    func heartbeat(id: String, worker: String, lease: Double) throws -> Bool
    /// Records what a running job is doing (`render: 118 pages`), for status and progress.
    func setStage(id: String, stage: String) throws
    /// Ends an attempt: done, or failed (retried with backoff while attempts remain, unless
    /// `final`). Only the worker holding the job can end it: a stale worker changes nothing.
    func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State?
    /// Gives a job back (the runner is stopping), without counting the attempt.
    func release(id: String, worker: String) throws
    func jobs() throws -> [QueuedJob]
    func job(_ id: String) throws -> QueuedJob?
    func retry(_ id: String) throws -> Bool
    func cancel(_ id: String) throws -> Bool
    /// Removes one finished job (done, failed or cancelled) so its id can be queued afresh;
    /// false when there is none or it is queued or running.
    func forget(_ id: String) throws -> Bool
    /// Removes finished jobs older than `age` seconds; returns how many.
    func prune(olderThan age: Double) throws -> Int
}
