import Diagnostics
import Foundation

/// The job store in PostgreSQL: claims take the oldest runnable job with `FOR UPDATE SKIP
/// LOCKED`; a job that becomes runnable NOTIFYs idle runners.
extension PostgresQueue: JobStore {
    public func enqueue(id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        try transaction { database -> EnqueueOutcome in
            try enqueueRow(database, id: id, order: order, signature: signature, replace: replace)
        }
    }

    public func enqueue(_ orders: [NewOrder]) throws -> [EnqueueOutcome] {
        try transaction { database -> [EnqueueOutcome] in
            try orders.map { try enqueueRow(database, id: $0.id, order: $0.order, signature: $0.signature, replace: false) }
        }
    }

    /// One order, inside the caller's transaction.
    private func enqueueRow(_ database: PGConnection, id: String, order: Data, signature: String?, replace: Bool) throws -> EnqueueOutcome {
        let digest = SHA256.hex(of: order)
        let now = String(environment.now())
        let inserted = try database.execute(Self.sql("enqueue-insert"), [id, PGBytea.text(order), digest, signature, now])
        if !inserted.isEmpty {
            try recordFacts(database, id: id, order: order, queuedAt: environment.now())
            try log(database, id, "queued")
            try notify(database)
            return .queued
        }
        guard let existing = try database.execute(Self.sql("enqueue-find"), [id]).first else {
            return .conflict
        }
        if try existing.text("order_sha256") == digest { return .duplicate }
        guard replace, try existing.text("state") != QueuedJob.State.running.rawValue else { return .conflict }
        try database.execute(Self.sql("enqueue-replace"), [id, PGBytea.text(order), digest, signature, now])
        try recordFacts(database, id: id, order: order, queuedAt: environment.now())
        // Another order: nothing verified for the old one applies; the ledger stays.
        try database.execute(Self.sql("delete-verification"), [id])
        try database.execute(Self.sql("delete-requests"), [id])
        try log(database, id, "replaced")
        try notify(database)
        return .replaced
    }

    public func claim(worker: String, lease: Double) throws -> QueuedJob? {
        let now = environment.now()
        return try transaction { database -> QueuedJob? in
            let rows = try database.execute(Self.sql("claim"), [worker, String(now + lease), String(now)])
            guard let row = rows.first else { return nil }
            let job = try QueuedJob(row: row)
            try log(database, job.id, "claimed", worker: worker, detail: "attempt \(job.attempts)")
            return job
        }
    }

    public func heartbeat(id: String, worker: String, lease: Double) throws -> Bool {
        let now = environment.now()
        return try transaction { database -> Bool in
            let renewed = try !database.execute(Self.sql("heartbeat"), [String(now + lease), String(now), id, worker]).isEmpty
            // Running under another worker: this one's lease ran out and the job was claimed again.
            if !renewed, try !database.execute(Self.sql("heartbeat-lost"), [id, worker]).isEmpty {
                try log(database, id, "lease-lost", worker: worker)
            }
            return renewed
        }
    }

    public func setStage(id: String, stage: String) throws {
        let now = String(environment.now())
        try withConnection { database in
            try database.execute(Self.sql("set-stage"), [stage, now, id])
        }
    }

    public func finish(id: String, worker: String, succeeded: Bool, error: String?, final: Bool) throws -> QueuedJob.State? {
        let now = environment.now()
        let random = environment.random()
        return try transaction { database -> QueuedJob.State? in
            guard let row = try database.execute(Self.sql("finish-attempts"), [id, worker]).first else { return nil }
            let attempts = try row.integer("attempts")
            let (state, runAfter) = retryPolicy.next(succeeded: succeeded, final: final, attempts: attempts, now: now, random: random)
            try database.execute(Self.sql("finish"),
                                 [state.rawValue, state == .queued ? "retry" : state.rawValue, String(runAfter), error, String(now),
                                  state == .queued ? nil : String(now), id])
            try log(database, id, state.rawValue, worker: worker, detail: error)
            if state == .queued { try notify(database) }
            return state
        }
    }

    public func release(id: String, worker: String) throws {
        let now = String(environment.now())
        try transaction { database in
            let rows = try database.execute(Self.sql("release"), [now, id, worker])
            try log(database, id, "released", worker: worker)
            if !rows.isEmpty { try notify(database) }
        }
    }

    public func jobs() throws -> [QueuedJob] {
        try withConnection { database -> [QueuedJob] in
            try database.execute(Self.sql("jobs")).map(QueuedJob.init(row:))
        }
    }

    public func job(_ id: String) throws -> QueuedJob? {
        try withConnection { database -> QueuedJob? in
            try database.execute(Self.sql("job"), [id]).first.map(QueuedJob.init(row:))
        }
    }

    public func retry(_ id: String, freshRender: Bool, by actor: String?) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("retry"), [now, id])
            guard !rows.isEmpty else { return false }
            if freshRender {
                try database.execute(Self.sql("delete-verification"), [id])
                try database.execute(Self.sql("retry-forget-approval"), [id])
            }
            try log(database, id, "retried", worker: actor, detail: freshRender ? "fresh render" : nil)
            try notify(database)
            return true
        }
    }

    public func cancel(_ id: String, by actor: String?) throws -> Bool {
        let now = String(environment.now())
        return try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("cancel"), [now, id])
            if !rows.isEmpty { try log(database, id, "cancelled", worker: actor) }
            return !rows.isEmpty
        }
    }

    public func forget(_ id: String) throws -> Bool {
        try transaction { database -> Bool in
            let rows = try database.execute(Self.sql("forget"), [id])
            guard !rows.isEmpty else { return false }
            try deleteRecords(database, of: [id])
            try log(database, id, "forgotten")
            return true
        }
    }

    public func hasPendingWork() throws -> Bool {
        try withConnection { database -> Bool in
            try !database.execute(Self.sql("has-pending-work"), [String(environment.now())]).isEmpty
        }
    }

    /// LISTENs once per connection (again after a reconnect), then waits for a NOTIFY.
    public func waitForWork(timeout: Double) throws {
        try withConnection { database in
            if !listening {
                try database.execute("LISTEN \(PostgresSchema.channel)")
                listening = true
            }
            _ = try database.waitForNotification(timeout: timeout)
        }
    }
}
