import Foundation

/// The jobs themselves: an order queued, claimed under a lease, renewed, staged, ended, held
/// for review, retried, cancelled, forgotten, with its timeline of events. Only the
/// worker holding a job (its lease not run out) can move it while it runs.
public protocol JobStore: AnyObject {
    func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome
    /// Several orders in one transaction (intake's hot folder: a transaction a file wrote each
    /// index's pages once per order), each as `enqueue` without replacing; outcomes in order.
    func enqueue(_ orders: [NewOrder]) throws -> [EnqueueOutcome]
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
    /// Queues a failed or cancelled job again; with `freshRender`, its verified outputs (and
    /// any approval of them) are forgotten so the next attempt renders. `actor` is who asked,
    /// for the events.
    func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool
    /// Cancels a queued or held job.
    func cancel(_ id: String, by actor: String?) throws -> Bool
    /// Removes one finished job (done, failed or cancelled) with its ledger, requests,
    /// verification, files and timings, so its id can be queued afresh; false when there is
    /// none or it is queued or running.
    func forget(_ id: String) throws -> Bool
    /// True while any job is queued or running.
    func hasPendingWork() throws -> Bool
    /// Returns when work may have arrived (a NOTIFY on PostgreSQL) or after at most `timeout`
    /// seconds: polling stays the fallback.
    func waitForWork(timeout: Double) throws

    // Review (issue 16): a verified job of a product or destination with `review` waits in
    // `held` for an operator.
    /// Ends the holder's attempt in `held`, with `reason` as its status line.
    func hold(id: String, worker: String, reason: String) throws -> Bool
    /// A held job is queued again, approved: its next attempt delivers the verified outputs.
    func approve(_ id: String, by actor: String) throws -> Bool
    /// A held job fails with the operator's reason.
    func reject(_ id: String, by actor: String, reason: String) throws -> Bool
    /// The job's timeline, oldest first.
    func events(_ id: String) throws -> [JobEvent]

    // Delivery decisions (issue 34): a job whose file went out whole and was never answered,
    // at a destination that cannot be asked, waits in `delivery-unknown` for an operator.
    /// Ends the holder's attempt in `delivery-unknown`, with `reason` as its status line.
    func awaitDecision(id: String, worker: String, reason: String) throws -> Bool
    /// The printer has the files: the next attempt records them without sending (`DeliveryDecision`).
    func confirmArrival(_ id: String, by actor: String) throws -> Bool
    /// The files go again, on purpose: from `delivery-unknown`, or from `done` for a printer that lost them.
    func sendAgain(_ id: String, by actor: String, reason: String) throws -> Bool
}

/// An order to queue: its id, bytes and signature.
public struct NewOrder: Sendable {
    public var id: String
    public var order: Data
    public var signature: String?

    public init(id: String, order: Data, signature: String?) {
        self.id = id
        self.order = order
        self.signature = signature
    }
}

extension JobStore {
    public func retry(_ id: String) throws -> Bool { try retry(id, freshRender: false, by: nil) }
    public func retry(_ id: String, freshRender: Bool) throws -> Bool { try retry(id, freshRender: freshRender, by: nil) }
    public func cancel(_ id: String) throws -> Bool { try cancel(id, by: nil) }
}
