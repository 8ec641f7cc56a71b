import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The conformance suite runs every queue test on both drivers.
enum Driver: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

/// A fresh queue store for one test (a SQLite file, or a new database in the test cluster),
/// with a clock the test moves by hand.
final class QueueFixture: @unchecked Sendable {
    let driver: Driver
    let workspace: Workspace
    let clock = TestClock()
    /// The SQLite file, or the PostgreSQL URL.
    let location: String

    init(_ driver: Driver) throws {
        self.driver = driver
        workspace = try Workspace()
        switch driver {
        case .sqlite: location = workspace.root.appendingPathComponent("q.db").path
        case .postgres: location = try PostgresCluster.shared.get().createDatabase()
        }
    }

    /// A new connection to the store, as another runner process would open.
    func queue(random: Double = 0.5, attempts: Int = 3) throws -> QueueDriver {
        let clock = self.clock
        let environment = QueueEnvironment(now: { clock.now }, random: { random })
        let policy = RetryPolicy(maxAttempts: attempts, baseDelay: 10, maxDelay: 100)
        switch driver {
        case .sqlite: return try SQLiteQueue(path: URL(fileURLWithPath: location), environment: environment, retryPolicy: policy)
        case .postgres:
            return try PostgresQueue(url: location, password: try PostgresCluster.shared.get().password, environment: environment,
                                     retryPolicy: policy, outageBudget: 5)
        }
    }

    /// A queue holding job `a`, queued and claimed by `worker` for 30 s.
    func queueWithClaimedJob(worker: String) throws -> QueueDriver {
        let queue = try queue()
        _ = try queue.enqueue(id: "a", order: Data("x".utf8), signature: nil, replace: false)
        _ = try #require(try queue.claim(worker: worker, lease: 30))
        return queue
    }

    /// Sets the stored schema version, as a newer Folio would have left it.
    func setSchemaVersion(_ version: Int) throws {
        switch driver {
        case .sqlite:
            try SQLiteDatabase(path: location).execute("PRAGMA user_version = \(version)")
        case .postgres:
            try PGConnection(url: location, password: try PostgresCluster.shared.get().password)
                .execute("UPDATE folio_schema SET version = $1", [String(version)])
        }
    }

    func schemaVersion() throws -> Int? {
        switch driver {
        case .sqlite: try SQLiteDatabase(path: location).execute("PRAGMA user_version").first?.integer("user_version")
        case .postgres:
            try PGConnection(url: location, password: try PostgresCluster.shared.get().password)
                .execute("SELECT version FROM folio_schema").first?.integer("version")
        }
    }

    var migrations: Int { driver == .sqlite ? SQLiteSchema.migrations.count : PostgresSchema.migrations.count }
}

extension RetentionStore {
    /// Retention with one age for every kind of finished job, at the queue's clock `now`:
    /// returns how many went.
    func prune(olderThan age: Double, now: Double) throws -> Int {
        let cutoffs = PruneCutoffs(done: now - age, cancelled: now - age, failed: now - age)
        return try prune(try prunable(cutoffs).map(\.id), cutoffs: cutoffs).count
    }
}
