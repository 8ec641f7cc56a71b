import Foundation

/// One piece of a job run on a thread of its own while the caller goes on (the EPUB while the
/// PDFs are verified), or run at once when the job has one thread.
final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Value, JobError>?

    init(inBackground: Bool, _ work: @escaping @Sendable () throws(JobError) -> Value) {
        guard inBackground else {
            outcome = Result { () throws(JobError) -> Value in try work() }
            done.signal()
            return
        }
        Thread.detachNewThread { [self] in
            outcome = Result { () throws(JobError) -> Value in try work() }
            done.signal()
        }
    }

    /// Waits for the work, whatever became of it.
    func wait() {
        done.wait()
        done.signal()
    }

    /// Waits for the work and returns what it made, or throws what stopped it.
    func value() throws(JobError) -> Value {
        done.wait()
        done.signal()
        guard let outcome else { throw .failed(code: .renderFailed, message: "a background stage ended without a result") }
        return try outcome.get()
    }
}
