import Foundation

/// What the runner needs from a queue: entity + verb, one implementation per backend.
public protocol QueueDriver: TelemetryStore {
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
    /// Queues a failed or cancelled job again; with `freshRender`, its verified outputs (and
    /// any approval of them) are forgotten so the next attempt renders. `actor` is who asked,
    /// for the events.
    func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool
    /// Cancels a queued or held job.
    func cancel(_ id: String, by actor: String?) throws -> Bool
    /// Removes one finished job (done, failed or cancelled) so its id can be queued afresh;
    /// false when there is none or it is queued or running.
    func forget(_ id: String) throws -> Bool
    /// How many times each job reached `event` in the events table (every job done once?).
    func eventCounts(_ event: String) throws -> [String: Int]
    /// Removes finished jobs older than `age` seconds; returns how many.
    func prune(olderThan age: Double) throws -> Int

    /// True while `worker` holds the job: it is running, this worker's, and its lease has not
    /// run out. A job process asks before each file it sends.
    func holds(id: String, worker: String) throws -> Bool
    /// Keeps what an attempt verified; only the holder can. Replaces an earlier record.
    func recordVerification(_ verification: Verification, worker: String) throws -> Bool
    func verification(_ id: String) throws -> Verification?
    /// Always written, whoever holds the job by then: the ledger records what the printer has.
    func recordDelivery(_ entry: LedgerEntry) throws
    func deliveries(_ id: String) throws -> [LedgerEntry]
    func recordRequest(_ request: UploadRequestRecord) throws
    func requests(_ id: String) throws -> [UploadRequestRecord]

    /// True while any job is queued or running.
    func hasPendingWork() throws -> Bool
    /// Returns when work may have arrived (a NOTIFY on PostgreSQL) or after at most `timeout`
    /// seconds: polling stays the fallback.
    func waitForWork(timeout: Double) throws
    /// A job's `report.json`, `report.html` and previews, kept where every host sees them.
    func storeJobFile(job: String, name: String, data: Data) throws
    func jobFile(job: String, name: String) throws -> Data?
    /// A run's batch report (`BATCH-…`), its JSON summary and its page.
    func storeBatchReport(name: String, summary: Data, html: Data) throws
    /// The newest batch reports' names and summaries, newest first.
    func batchReports(limit: Int) throws -> [(name: String, summary: Data)]

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

    // The console's catalog.
    /// The book's pages and warnings, from its published report.
    func recordOutcome(id: String, pages: Int?, warnings: Int) throws
    /// A page of jobs matching `filter`, in the lists' order (see `CatalogSQL.rank`).
    func listJobs(_ filter: JobFilter, limit: Int, offset: Int) throws -> [JobRow]
    /// How many jobs match, counting no further than `cap` (a million rows stay fast).
    func countJobs(_ filter: JobFilter, cap: Int) throws -> Int
    /// The newest nights, newest first.
    func nights(limit: Int) throws -> [NightRow]
}

extension QueueDriver {
    public func retry(_ id: String) throws -> Bool { try retry(id, freshRender: false, by: nil) }
    public func retry(_ id: String, freshRender: Bool) throws -> Bool { try retry(id, freshRender: freshRender, by: nil) }
    public func cancel(_ id: String) throws -> Bool { try cancel(id, by: nil) }
}
