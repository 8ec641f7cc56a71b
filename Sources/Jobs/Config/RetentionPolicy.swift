import Import
import Foundation

/// `retention` in folio.json: how long what the night made is kept, and how much free disk
/// intake needs. Applied by `folio prune` and on a schedule inside `run --watch`.
public struct RetentionPolicy: Sendable, Equatable {
    /// Days a done job is kept: its row, folder, local outbox copies, order and report.
    public var doneDays = 30.0
    /// Days a failed job is kept once a person decided on it (a rejection in review); a failed
    /// job nobody decided on is never removed.
    public var failedDays = 30.0
    public var cancelledDays = 30.0
    /// Days orders refused at intake stay in `inbox/rejected` and the queue's record.
    public var rejectedDays = 30.0
    /// Days batch reports are kept.
    public var reportsDays = 90.0
    /// Under `run --watch`: how often retention is applied, in seconds.
    public var intervalSeconds = 3600.0
    /// Intake pauses while the disk holding the jobs, the inbox or the queue has less free.
    public var minimumFreeBytes: Int64 = 1024 * 1_048_576

    public init() {}

    /// The cutoffs for a sweep at `now`.
    public func cutoffs(at now: Double) -> PruneCutoffs {
        PruneCutoffs(done: now - doneDays * 86_400, cancelled: now - cancelledDays * 86_400, failed: now - failedDays * 86_400)
    }

    /// The longest any finished job is kept: an accepted order file goes after that, once its
    /// job is gone.
    var longestJobDays: Double { max(doneDays, failedDays, cancelledDays) }

    /// `retention: {...}`; `keep_finished_days` (older configurations) sets the three job
    /// kinds it does not name.
    static func read(_ reader: inout ObjectReader, legacyDays: Double?) -> RetentionPolicy {
        var policy = RetentionPolicy()
        if let legacyDays { (policy.doneDays, policy.failedDays, policy.cancelledDays) = (legacyDays, legacyDays, legacyDays) }
        guard var section = reader.object("retention", required: false) else { return policy }
        let days = 0.0...3650
        policy.doneDays = section.number("done_days", required: false, in: days) ?? policy.doneDays
        policy.failedDays = section.number("failed_days", required: false, in: days) ?? policy.failedDays
        policy.cancelledDays = section.number("cancelled_days", required: false, in: days) ?? policy.cancelledDays
        policy.rejectedDays = section.number("rejected_days", required: false, in: days) ?? policy.rejectedDays
        policy.reportsDays = section.number("reports_days", required: false, in: days) ?? policy.reportsDays
        policy.intervalSeconds = section.number("interval_s", required: false, in: 1...86_400) ?? policy.intervalSeconds
        if let megabytes = section.integer("min_free_mb", required: false, in: 0...100_000_000) {
            policy.minimumFreeBytes = Int64(megabytes) * 1_048_576
        }
        section.rejectUnknownKeys()
        return policy
    }
}
