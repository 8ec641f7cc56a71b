import Foundation

/// What an operator may do to a job, from the command line or the console; each is recorded
/// in the job's events with who did it.
public enum JobAction: String, Sendable, CaseIterable {
    case retry
    /// Retry, forgetting the verified outputs: the book is rendered again.
    case retryFresh = "retry-fresh"
    /// Stops a queued, running, held or delivery-unknown job; closes a failed one nobody will
    /// retry, so retention may remove it.
    case cancel
    case approve
    case reject
    /// A job whose delivery is unknown: the printer has the files (the operator checked); they
    /// are recorded as delivered and not sent again.
    case arrived
    /// A job whose delivery is unknown, or a delivered one: its files go again, on purpose,
    /// recorded as a deliberate copy with the reason.
    case sendAgain = "send-again"

    /// What came of it, with a line for the operator.
    public struct Outcome: Sendable, Equatable {
        public var id: String
        public var changed: Bool
        public var message: String
        /// Not changed because the job already is where the action leads (a second click, or
        /// another operator first): the action has nothing left to do, which is not a failure.
        public var alreadyDone = false
    }

    public var isRetry: Bool { self == .retry || self == .retryFresh }

    /// Whether the action needs a reason: a rejection, and a copy sent on purpose.
    public var needsReason: Bool { self == .reject || self == .sendAgain }

    /// Acts on one job. A rejection needs a reason; it is written into the job's report too.
    public func perform(on id: String, by actor: String, reason: String? = nil, queue: JobStore & ReportArchive,
                        config: FolioConfig) throws -> Outcome {
        guard let job = try queue.job(id) else { return Outcome(id: id, changed: false, message: "no job \(id)") }
        let changed: Bool
        switch self {
        case .retry, .retryFresh: changed = try queue.retry(id, freshRender: self == .retryFresh, by: actor)
        case .cancel: changed = try queue.cancel(id, by: actor)
        case .approve: changed = try queue.approve(id, by: actor)
        case .arrived: changed = try queue.confirmArrival(id, by: actor)
        case .reject, .sendAgain:
            let reason = RejectionReason.clean(reason ?? "")
            guard !reason.isEmpty else {
                return Outcome(id: id, changed: false, message: "\(id): \(self == .reject ? "a rejection" : "sending again") needs a reason")
            }
            guard reason.count <= RejectionReason.maxLength else {
                return Outcome(id: id, changed: false, message: "\(id): a reason has at most \(RejectionReason.maxLength) characters")
            }
            if self == .sendAgain {
                changed = try queue.sendAgain(id, by: actor, reason: reason)
            } else {
                changed = try queue.reject(id, by: actor, reason: reason)
                if changed { try ReviewReport.recordRejection(of: id, by: actor, reason: reason, queue: queue, config: config) }
            }
        }
        guard changed else {
            let now = try queue.job(id) ?? job
            if let already = already(now) { return Outcome(id: id, changed: false, message: "\(id) \(already)", alreadyDone: true) }
            return Outcome(id: id, changed: false, message: "\(id) is \(now.state.rawValue): \(expectation)")
        }
        return Outcome(id: id, changed: true, message: "\(id): \(done)")
    }

    private var done: String {
        switch self {
        case .retry: "queued again"
        case .retryFresh: "queued again, to be rendered afresh"
        case .cancel: "cancelled (a running job's process stops before its next file, and cuts off a transfer under way)"
        case .approve: "approved: its verified files will be delivered"
        case .reject: "rejected"
        case .arrived: "recorded as arrived: its files will not be sent again"
        case .sendAgain: "queued to send its files again, as a deliberate copy"
        }
    }

    /// How the job shows this action already happened, or nil.
    private func already(_ job: QueuedJob) -> String? {
        switch self {
        case .retry, .retryFresh: [.queued, .running].contains(job.state) ? "was already queued again" : nil
        case .cancel: job.state == .cancelled ? "was already cancelled" : nil
        case .approve: job.approvedBy.map { "was already approved by \($0)" }
        case .reject: job.state == .failed && job.lastError?.hasPrefix(ReviewDecision.rejectedCode + ":") == true ? "was already rejected" : nil
        case .arrived, .sendAgain: [.queued, .running].contains(job.state) && ["arrived", "send-again"].contains(job.stage)
            ? "was already decided on" : nil
        }
    }

    private var expectation: String {
        switch self {
        case .retry, .retryFresh: "only failed or cancelled jobs can be retried"
        case .cancel: "only queued, running, held, delivery-unknown or failed jobs can be cancelled"
        case .approve, .reject: "only held jobs can be \(self == .approve ? "approved" : "rejected")"
        case .arrived: "only a job whose delivery is unknown can be marked as arrived"
        case .sendAgain: "only a job whose delivery is unknown, or a delivered one, can be sent again"
        }
    }
}
