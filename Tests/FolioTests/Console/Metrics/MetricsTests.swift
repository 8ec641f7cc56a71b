import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// `/healthz`, `/readyz` and `/metrics` on the console's server, after a real night: the
/// exposition read by prometheus_client's parser, its figures the queue's own; `/metrics`
/// answers this host directly or the metrics token, nothing else.
@Suite(.serialized) struct MetricsTests {
    static let metricsToken = ConsoleTokens.newToken()
    static let operatorToken = ConsoleTokens.newToken()

    @Test func metricsAfterANightMatchTheQueue() throws {
        let workspace = try Workspace.batch()
        let ids = try workspace.drop(2, prefix: "metrics", outputs: ["interior", "cover"])
        let run = try workspace.run(workers: 2)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let server = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": Self.operatorToken, "FOLIO_METRICS_TOKEN": Self.metricsToken])
        let health = try Curl.request(server.base + "/healthz")
        #expect(health.status == 200 && health.body == "ok")
        #expect(try Curl.request(server.base + "/readyz").status == 200)

        let answer = try Curl.request(server.base + "/metrics")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let scrape = try Scrape(exposition: answer.body)
        #expect(scrape.families["folio_job_duration_seconds"] == "histogram" && scrape.families["folio_pages_rendered"] == "counter")

        let queue = try workspace.config.openQueue()
        let rows = try queue.listJobs(JobFilter(), limit: 100, offset: 0)
        #expect(scrape.value("folio_jobs", ["state": "done"]) == 2)
        #expect(scrape.value("folio_jobs", ["state": "failed"]) == 0)
        #expect(scrape.value("folio_queue_depth") == 0 && scrape.value("folio_queue_oldest_age_seconds") == 0)
        let pages = rows.compactMap(\.pages).reduce(0, +)
        #expect(pages > 0 && scrape.value("folio_pages_rendered_total") == Double(pages))
        #expect(scrape.value("folio_job_duration_seconds_count") == 2)
        #expect(scrape.value("folio_job_duration_seconds_bucket", ["le": "+Inf"]) == 2)
        #expect(scrape.value("folio_stage_duration_seconds_count", ["stage": "layout"]) == 2)
        let requests = try ids.flatMap { try queue.requests($0) }
        #expect(requests.count == 4 && requests.allSatisfy { $0.requestClass == "accepted" })
        #expect(scrape.value("folio_delivery_requests_total", ["destination": "local", "class": "accepted"]) == 4)
        // The night's runner stopped cleanly: it took its series along.
        #expect(scrape.samples.filter { $0.name == "folio_runner_heartbeats_total" }.isEmpty)
        #expect(scrape.value("folio_lease_losses_total") == 0)
        let disk = scrape.samples.filter { $0.name == "folio_disk_free_bytes" }
        #expect(Set(disk.compactMap { $0.labels["place"] }) == ["jobs", "inbox", "reports", "queue"] && disk.allSatisfy { $0.value > 0 })
    }

    /// A runner stopped as systemd stops it, then started again: `/metrics` shows the live one
    /// only, so a heartbeat alert clears. A killed runner's series goes after five leases.
    @Test func aRestartLeavesOneLiveRunnerSeries() throws {
        let workspace = try Workspace.batch()
        let queue = try workspace.config.openQueue()
        func watch() throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Workspace.folio)
            process.arguments = ["run", "--watch", "--config", workspace.configFile.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        func runners() throws -> [String] { try queue.metrics().runners.map(\.name) }
        func waitFor(_ condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(30)
            while try !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        let first = try watch()
        try waitFor { try runners().count == 1 }
        #expect(try runners() == ["\(ProcessInfo.processInfo.hostName)-\(first.processIdentifier)"])
        first.terminate()
        first.waitUntilExit()
        let second = try watch()
        defer { second.terminate(); second.waitUntilExit() }
        try waitFor { try runners().contains { $0.hasSuffix("-\(second.processIdentifier)") } }
        let server = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": Self.operatorToken])
        let scrape = try Scrape(exposition: try Curl.request(server.base + "/metrics").body)
        let series = scrape.samples.filter { $0.name == "folio_runner_last_heartbeat_timestamp_seconds" }
        #expect(series.map { $0.labels["runner"] } == ["\(ProcessInfo.processInfo.hostName)-\(second.processIdentifier)"], "\(series)")
        #expect(series.first?.labels["host"] == ProcessInfo.processInfo.hostName)
    }

    @Test func metricsAnswerThisHostOrTheMetricsTokenOnly() throws {
        let workspace = try Workspace.batch()
        let server = try ConsoleServer(workspace, arguments: ["--trusted-proxy", "127.0.0.2"],
                                       environment: ["FOLIO_CONSOLE_TOKEN": Self.operatorToken, "FOLIO_METRICS_TOKEN": Self.metricsToken])
        let url = server.base + "/metrics"
        #expect(try Curl.request(url).status == 200)
        // Relayed by a proxy, the client may be anyone: the token is needed.
        #expect(try Curl.request(url, headers: ["X-Forwarded-For": "203.0.113.9"]).status == 401)
        let proxied = try #require(try RawHTTP.get(port: server.port, "/metrics", headers: ["X-Forwarded-For: 203.0.113.9"], from: "127.0.0.2"))
        #expect(proxied.status == 401)
        let withToken = try #require(try RawHTTP.get(port: server.port, "/metrics", headers: ["X-Forwarded-For: 203.0.113.9",
                                                                                             "Authorization: Bearer \(Self.metricsToken)"], from: "127.0.0.2"))
        #expect(withToken.status == 200)
        // The operator's token opens pages, not the scraper's endpoint; a wrong one is counted.
        #expect(try Curl.request(url, headers: ["Authorization": "Bearer \(Self.operatorToken)"]).status == 401)
        #expect(try Curl.request(url, headers: ["Authorization": "Bearer wrong"]).status == 401)
        // Health needs nothing and tells nothing about jobs.
        #expect(try Curl.request(server.base + "/healthz", headers: ["X-Forwarded-For": "203.0.113.9"]).status == 200)
    }

    @Test func readinessFollowsThePostgreSQLQueue() throws {
        // A cluster of this test's own: stopping the shared one would fail other tests.
        let cluster = try PostgresCluster()
        let workspace = try Workspace.batch(queue: try cluster.createDatabase())
        let server = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": Self.operatorToken])
        #expect(try Curl.request(server.base + "/readyz").status == 200)
        try cluster.stop()
        let down = try Curl.request(server.base + "/readyz")
        #expect(down.status == 503 && down.headers["retry-after"] != nil)
        #expect(try Curl.request(server.base + "/healthz").status == 200)
        try cluster.restart()
        #expect(try Curl.request(server.base + "/readyz").status == 200)
    }
}
