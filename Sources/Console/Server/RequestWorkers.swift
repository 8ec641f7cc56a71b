import Foundation

/// The threads that answer requests, off libmicrohttpd's polling threads: a request whose work
/// blocks (a locked database) holds one worker, never a polling thread and the connections on
/// it. Each worker has its own handler (and so its own queue connection). Requests wait in a
/// bounded line; one that waited too long, or finds the line full, is answered 503.
final class RequestWorkers: @unchecked Sendable {
    typealias Handler = (HTTPRequest) -> HTTPResponse

    private struct Job {
        var request: HTTPRequest
        var enqueued: Double
        var done: (HTTPResponse) -> Void
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    private var running = 0
    private let limits: ServerLimits

    init(limits: ServerLimits, handlers: [Handler]) {
        self.limits = limits
        running = handlers.count
        for (index, handler) in handlers.enumerated() {
            // Each handler is used by its own thread only.
            let owned = OwnedHandler(handler: handler)
            let thread = Thread { [unowned self] in self.work(owned.handler) }
            thread.name = "folio-serve-worker-\(index)"
            thread.start()
        }
    }

    /// False when the line is full (the caller answers 503 itself).
    func submit(_ request: HTTPRequest, done: @escaping (HTTPResponse) -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, jobs.count < limits.pending else { return false }
        jobs.append(Job(request: request, enqueued: Date().timeIntervalSince1970, done: done))
        condition.signal()
        return true
    }

    /// Answers what waits with 503, lets the running requests finish, and returns when every
    /// worker has stopped (so no suspended connection is left for the library to stop on).
    func stop() {
        condition.lock()
        stopping = true
        let waiting = jobs
        jobs = []
        condition.broadcast()
        condition.unlock()
        for job in waiting { job.done(Self.busy(retryAfter: 5)) }
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    static func busy(retryAfter seconds: Int) -> HTTPResponse {
        var response = HTTPResponse.text("The console is busy; try again in a few seconds.", status: 503)
        response.headers.append(("Retry-After", String(seconds)))
        return response
    }

    private func work(_ handler: Handler) {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if stopping && jobs.isEmpty {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            if Date().timeIntervalSince1970 - job.enqueued > limits.queueSeconds {
                job.done(Self.busy(retryAfter: 5))
            } else {
                job.done(handler(job.request))
            }
        }
    }
}

private struct OwnedHandler: @unchecked Sendable {
    var handler: RequestWorkers.Handler
}
