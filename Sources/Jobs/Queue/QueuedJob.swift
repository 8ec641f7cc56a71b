import Foundation

/// A job as the queue keeps it: the order's bytes, where it stands, how often it was tried.
public struct QueuedJob: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable, CaseIterable {
        /// `held`: verified, waiting for an operator to approve (delivered) or reject (failed).
        case queued, running, held, done, failed, cancelled
        /// A file went out whole and no answer came: the printer may hold it. Waits for an
        /// operator to say it arrived or to send it again.
        case deliveryUnknown = "delivery-unknown"
    }

    public var id: String
    public var state: State
    public var stage: String
    public var attempts: Int
    public var lastError: String?
    public var worker: String?
    public var createdAt: Double
    public var updatedAt: Double
    public var orderSHA256: String
    /// The order file's exact bytes, and its HMAC signature when the gate is on.
    public var order: Data
    public var signature: String?
    /// Who approved the verified outputs of a held job; the next attempt delivers them.
    public var approvedBy: String?

    enum CodingKeys: String, CodingKey {
        case id, state, stage, attempts, worker
        case lastError = "last_error"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case orderSHA256 = "order_sha256"
        case order, signature
        case approvedBy = "approved_by"
    }
}

/// What enqueueing an order came to.
public enum EnqueueOutcome: Sendable, Equatable {
    case queued
    /// The same id with the same bytes is already there: nothing to do.
    case duplicate
    /// The same id with other bytes: refused unless replacing.
    case conflict
    case replaced
}

/// The clock and the randomness a queue uses, injected so tests control time and jitter.
public struct QueueEnvironment: Sendable {
    public var now: @Sendable () -> Double
    public var random: @Sendable () -> Double
    /// Seconds to wait for another connection's lock (SQLite) before failing with a
    /// `QueueContention` error.
    public var lockWait: Double
    /// Which night a job queued at a time belongs to (the catalog's `night`).
    public var night = NightClock()

    public init(now: @escaping @Sendable () -> Double = { FolioClock.now() },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, lockWait: Double = 30) {
        self.now = now
        self.random = random
        self.lockWait = lockWait
    }
}

/// An error that may mean only that the queue was busy: the console answers it with 503 and
/// Retry-After rather than 500.
public protocol QueueContention: Error {
    var isLockTimeout: Bool { get }
}

/// How failed attempts are retried: exponential backoff with full jitter, up to a maximum.
public struct RetryPolicy: Sendable, Equatable {
    public var maxAttempts = 3
    public var baseDelay = 5.0
    public var maxDelay = 300.0

    public init(maxAttempts: Int = 3, baseDelay: Double = 5, maxDelay: Double = 300) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Where an ended attempt leaves the job, and when it may run again: done; failed when
    /// `final` or out of tries (`attempts` counted since the last manual retry); else queued
    /// after the backoff.
    public func next(succeeded: Bool, final: Bool, attempts: Int, now: Double, random: Double) -> (state: QueuedJob.State, runAfter: Double) {
        if succeeded { return (.done, now) }
        if final || attempts >= maxAttempts { return (.failed, now) }
        return (.queued, now + delay(after: attempts, random: random))
    }

    /// Seconds to wait before attempt `attempt + 1`, given a random number in [0, 1).
    public func delay(after attempt: Int, random: Double) -> Double {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(max(0, attempt - 1))))
        return ceiling * random
    }
}
