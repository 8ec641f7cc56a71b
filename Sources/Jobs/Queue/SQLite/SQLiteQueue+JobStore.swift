import Diagnostics
import Foundation

/// The job store in SQLite: claims take the write lock at once (BEGIN IMMEDIATE), so two
/// processes never both claim a queued job.
extension SQLiteQueue: JobStore {
    public func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        try database.immediateTransaction { () throws -> EnqueueOutcome in
            try enqueueRow(id: id, order: order, signature: signature, replace: replace, now: environment.now())
        }
    }

    public func enqueue(_ orders: [NewOrder]) throws -> [EnqueueOutcome] {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> [EnqueueOutcome] in
            try orders.map { try enqueueRow(id: $0.id, order: $0.order, signature: $0.signature, replace: false, now: now) }
        }
    }

    /// One order, inside the caller's transaction.
    private func enqueueRow(id: String, order: Data, signature: String?, replace: Bool, now: Double) throws -> EnqueueOutcome {
        let digest = SHA256.hex(of: order)
        if let existing = try database.execute(Self.sql("enqueue-find"), [.text(id)]).first {
            if try existing.text("order_sha256") == digest { return .duplicate }
            guard replace else { return .conflict }
            guard try existing.text("state") != QueuedJob.State.running.rawValue else { return .conflict }
            try database.execute(Self.sql("enqueue-replace"),
                                 [.blob(order), .text(digest), signature.map { .text($0) } ?? .null, .real(now), .real(now), .text(id)])
            try recordFacts(id: id, order: order, queuedAt: now)
            // Another order: nothing verified for the old one applies. The ledger stays: the
            // printer still has what it was sent.
            try database.execute(Self.sql("delete-verification"), [.text(id)])
            try database.execute(Self.sql("delete-requests"), [.text(id)])
            try log(id, "replaced")
            return .replaced
        }
        try database.execute(Self.sql("enqueue-insert"),
                             [.text(id), .blob(order), .text(digest), signature.map { .text($0) } ?? .null, .real(now), .real(now), .real(now)])
        try recordFacts(id: id, order: order, queuedAt: now)
        try log(id, "queued")
        return .queued
    }

    public func claim(worker: String, lease: Double) throws -> QueuedJob? {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> QueuedJob? in
            let rows = try database.execute(Self.sql("claim"), [.text(worker), .real(now + lease), .real(now), .real(now), .real(now)])
            guard let row = rows.first else { return nil }
            let job = try QueuedJob(row: row)
            try log(job.id, "claimed", worker: worker, detail: "attempt \(job.attempts)")
            return job
        }
    }

    public func heartbeat(id: String, worker: String, lease: Double) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("heartbeat"), [.real(now + lease), .real(now), .text(id), .text(worker)])
            // Running under another worker: this one's lease ran out and the job was claimed again.
            if rows.isEmpty, try !database.execute(Self.sql("heartbeat-lost"),
                                                   [.text(id), .text(worker)]).isEmpty {
                try log(id, "lease-lost", worker: worker)
            }
            return !rows.isEmpty
        }
    }

    public func setStage(id: String, stage: String) throws {
        try database.execute(Self.sql("set-stage"),
                             [.text(stage), .real(environment.now()), .text(id)])
    }

    public func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State? {
        let now = environment.now()
        let random = environment.random()
        return try database.immediateTransaction { () throws -> QueuedJob.State? in
            guard let row = try database.execute(Self.sql("finish-attempts"),
                                                 [.text(id), .text(worker)]).first else { return nil }
            let attempts = try row.integer("attempts")
            let (state, runAfter) = retryPolicy.next(succeeded: succeeded, final: final, attempts: attempts, now: now, random: random)
            try database.execute(Self.sql("finish"),
                                 [.text(state.rawValue), .text(state == .queued ? "retry" : state.rawValue), .real(runAfter),
                                  error.map { .text($0) } ?? .null, .real(now), state == .queued ? .null : .real(now), .text(id)])
            try log(id, state.rawValue, worker: worker, detail: error)
            return state
        }
    }

    public func release(id: String, worker: String) throws {
        try database.execute(Self.sql("release"), [.real(environment.now()), .text(id), .text(worker)])
        try log(id, "released", worker: worker)
    }

    public func jobs() throws -> [QueuedJob] {
        try database.execute(Self.sql("jobs")).map(QueuedJob.init(row:))
    }

    public func job(_ id: String) throws -> QueuedJob? {
        try database.execute(Self.sql("job"), [.text(id)]).first.map(QueuedJob.init(row:))
    }
    public func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool {
        let now = environment.now()
        return try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("retry"), [.real(now), .real(now), .text(id)])
            guard !rows.isEmpty else { return false }
            if freshRender {
                try database.execute(Self.sql("delete-verification"), [.text(id)])
                try database.execute(Self.sql("retry-forget-approval"), [.text(id)])
            }
            try log(id, "retried", worker: actor, detail: freshRender ? "fresh render" : nil)
            return true
        }
    }

    public func cancel(_ id: String, by actor: String?) throws -> Bool {
        let rows = try database.execute(Self.sql("cancel"), [.real(environment.now()), .real(environment.now()), .text(id)])
        if !rows.isEmpty { try log(id, "cancelled", worker: actor) }
        return !rows.isEmpty
    }

    public func forget(_ id: String) throws -> Bool {
        try database.immediateTransaction { () throws -> Bool in
            let rows = try database.execute(Self.sql("forget"), [.text(id)])
            guard !rows.isEmpty else { return false }
            try deleteRecords(of: [id])
            try log(id, "forgotten")
            return true
        }
    }

    public func hasPendingWork() throws -> Bool {
        try !database.execute(Self.sql("has-pending-work"), [.real(environment.now())]).isEmpty
    }

    /// A file has no notifications: a short sleep, and the runner polls again.
    public func waitForWork(timeout: Double) throws {
        Thread.sleep(forTimeInterval: min(max(timeout, 0), 0.1))
    }
}
