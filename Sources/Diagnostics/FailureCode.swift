/// A code a job can end its attempt with, and what the queue does about it. The retry decision
/// reads this, never a list of strings beside the runner: a new code is added here, with its
/// class, or the registry's test fails.
public struct FailureCode: Sendable, Equatable {
    public enum Retry: String, Sendable, CaseIterable {
        /// The world may be better later (a printer down, a full disk): the queue tries again
        /// after backoff, up to `max_attempts`.
        case afterBackoff = "retried after backoff"
        /// The same input would fail the same way, or a person must look first: the job ends
        /// `failed` until an operator retries it.
        case byOperator = "waits for an operator"
    }

    public var name: String
    /// The stage that raises it: `input`, `render`, `finish`, `verify`, `deliver`, `runner`.
    public var stage: String
    public var retry: Retry
    public var meaning: String

    public init(_ name: String, stage: String, retry: Retry, _ meaning: String) {
        self.name = name
        self.stage = stage
        self.retry = retry
        self.meaning = meaning
    }
}
