import Foundation
import FolioTestSupport
@testable import Jobs

/// A private PostgreSQL 15 cluster (scripts/pg-cluster.sh) on a loopback port, started by the
/// tests and stopped when the test process exits; each test takes a fresh database in it.
final class PostgresCluster: @unchecked Sendable {
    let folder: URL
    let port: Int
    /// One password for every cluster of the test process: FOLIO_PG_PASSWORD is process-wide.
    static let password = "folio-test-\(UUID().uuidString.prefix(8))"
    var password: String { Self.password }

    /// The one cluster most tests share, started on first use.
    static let shared: Result<PostgresCluster, any Error> = Result { try PostgresCluster() }

    nonisolated(unsafe) private static var started: [String] = []
    private static let lock = NSLock()

    init() throws {
        // Under /tmp itself: the postgres system user must reach it.
        folder = URL(fileURLWithPath: "/tmp/folio-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
        guard Self.script("start", folder.path, Self.password) == 0,
              let text = try? String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8),
              let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "PostgreSQL did not start: see \(folder.path)"])
        }
        self.port = port
        // Child processes (folio run) and the drivers made here find the password where Folio looks.
        setenv("FOLIO_PG_PASSWORD", Self.password, 1)
        Self.lock.withLock {
            if Self.started.isEmpty { atexit { PostgresCluster.stopAll() } }
            Self.started.append(folder.path)
        }
    }

    static func stopAll() {
        for folder in lock.withLock({ started }) {
            _ = script("stop", folder)
            _ = system("rm -rf '\(folder)'")
        }
    }

    /// Through system(), not Process: Foundation's Process did not notice the script's exit
    /// once pg_ctl had left the server running in the background (seen here, Swift 6.3.1).
    /// The arguments are Folio's own paths and generated passwords, without quotes.
    private static func script(_ arguments: String...) -> Int32 {
        let path = repositoryRoot.appendingPathComponent("scripts/pg-cluster.sh").path
        return system(([path] + arguments).map { "'\($0)'" }.joined(separator: " ") + " >/dev/null 2>&1")
    }

    func stop() throws {
        guard Self.script("stop", folder.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func restart() throws {
        guard Self.script("restart", folder.path) == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "PostgreSQL did not start again: see \(folder.path)"])
        }
    }

    func url(_ database: String) -> String { "postgres://folio@127.0.0.1:\(port)/\(database)?sslmode=disable" }

    /// A new, empty database; its URL.
    func createDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let admin = try PGConnection(url: url("postgres"), password: password)
        try admin.execute("CREATE DATABASE \(name)")
        return url(name)
    }
}
