import Diagnostics
import Foundation

/// How one attempt of a job ends, and the queue write that ends it. The job process ends its
/// own attempt (it holds the lease, behind its fence); the runner ends it only for a process
/// that died first.
enum AttemptOutcome: Equatable {
    /// Verified and waiting for an operator's review.
    case held(reason: String)
    /// A file's delivery is unknown: waiting for an operator to say it arrived or send it again.
    case awaitingDecision(reason: String)
    /// Done, or failed; a failure the registry says may pass with time is retried.
    case finished(succeeded: Bool, error: String?, retryable: Bool)

    init(_ report: JobReport) {
        if report.status == .held, let reason = report.review?.reason {
            self = .held(reason: reason)
            return
        }
        if report.status == .deliveryUnknown, let error = report.error {
            self = .awaitingDecision(reason: "\(error.code): \(error.message)")
            return
        }
        self = .finished(succeeded: report.status == .done, error: report.error.map { "\($0.code): \($0.message)" },
                         retryable: report.error.map { FailureCodes.retry(after: $0.code) == .afterBackoff } ?? false)
    }

    /// A process that ended before it ended its attempt (a signal, a crash, a lost database).
    static func crashed(_ error: String) -> AttemptOutcome {
        .finished(succeeded: false, error: error, retryable: FailureCode.crashed.retry == .afterBackoff)
    }

    /// Writes the ending; nil when the job is no longer this worker's (its lease ran out and
    /// another runner took it), so nothing is written.
    func end(job id: String, worker: String, in queue: QueueDriver) throws -> QueuedJob.State? {
        switch self {
        case .held(let reason):
            return try queue.hold(id: id, worker: worker, reason: reason) ? .held : nil
        case .awaitingDecision(let reason):
            return try queue.awaitDecision(id: id, worker: worker, reason: reason) ? .deliveryUnknown : nil
        case .finished(let succeeded, let error, let retryable):
            return try queue.finish(id: id, worker: worker, succeeded: succeeded, error: error, final: !retryable)
        }
    }
}
