import Foundation

/// A private PostgreSQL cluster for a bench (scripts/pg-cluster.sh, run from the repository):
/// started with a password of its own, which `FOLIO_PG_PASSWORD` then holds; stopped and
/// removed at the end.
struct BenchPostgres {
    let cluster: URL
    let port: Int
    let password: String
    static let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("scripts/pg-cluster.sh")

    /// Nil when the cluster did not start (the bench then leaves PostgreSQL's figures out).
    static func start(name: String) -> BenchPostgres? {
        let cluster = URL(fileURLWithPath: "/tmp/folio-\(name)-pg-\(getpid())")
        let password = "\(name)-\(UUID().uuidString.prefix(8))"
        guard system("'\(script.path)' start '\(cluster.path)' '\(password)' >/dev/null 2>&1") == 0,
              let port = (try? String(contentsOf: cluster.appendingPathComponent("port"), encoding: .utf8))
                .flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else { return nil }
        setenv("FOLIO_PG_PASSWORD", password, 1)
        return BenchPostgres(cluster: cluster, port: port, password: password)
    }

    func stop() { _ = system("'\(Self.script.path)' stop '\(cluster.path)' >/dev/null 2>&1; rm -rf '\(cluster.path)'") }

    func psql(_ database: String, _ sql: String) throws {
        try ScaleQueue.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "folio", "-d", database,
                            "-c", sql], environment: ["PGPASSWORD": password])
    }

    /// A new database; its URL.
    func database(_ name: String) throws -> String {
        try psql("postgres", "CREATE DATABASE \(name)")
        return url(name)
    }

    func url(_ database: String) -> String { "postgres://folio@127.0.0.1:\(port)/\(database)?sslmode=disable" }
}
