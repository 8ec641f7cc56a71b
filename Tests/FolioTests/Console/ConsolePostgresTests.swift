import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The same console on the PostgreSQL queue: a night made by the real binary on a private
/// cluster, read and acted on through the API and the pages.
@Suite(.serialized) struct ConsolePostgresTests {
    @Test func theConsoleServesANightFromPostgreSQL() throws {
        let cluster = try PostgresCluster.shared.get()
        let fixture = try ConsoleFixture(queue: try cluster.createDatabase())
        let server = try ConsoleServer(fixture.workspace)
        let bearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        let night = try Curl.request(server.base + "/api/night", headers: bearer)
        let counts = try #require((try JSONSerialization.jsonObject(with: Data(night.body.utf8)) as? [String: Any])?["counts"] as? [String: Int])
        #expect(counts == ["held": 1, "failed": 2, "running": 1, "done": 1])
        let failed = try Curl.request(server.base + "/api/jobs?state=failed", headers: bearer)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(failed.body.utf8)) as? [String: Any])
        #expect(list["count"] as? Int == 2)
        try aHeldRowAnswers503WhilePagesRender(cluster: cluster, database: fixture.workspace.config, server: server, token: fixture.operatorToken)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let page = try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)", cookies: session.cookie)
        #expect(page.status == 200 && page.body.contains("low-resolution-image") && page.body.contains("files/page-1.jpg"))
        #expect(try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)/files/page-1.jpg", cookies: session.cookie).status == 200)
        let approve = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/approve", method: "POST", headers: bearer)
        #expect(approve.status == 200)
        // A second approval has nothing left to do: not an error, and not a second event.
        let again = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/approve", method: "POST", headers: bearer)
        #expect(again.status == 200 && again.body.contains("\"already\":true") && again.body.contains("already approved by olga"), "\(again.body)")
        let reject = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.failed[0])/reject", method: "POST", headers: bearer,
                                      form: ["reason=no"])
        #expect(reject.status == 409 && reject.body.contains("only held jobs"))
        let queue = try fixture.workspace.config.openQueue()
        #expect(try queue.job(ConsoleFixture.held)?.approvedBy == "olga")
    }

    /// Another transaction holds the held job's row: an action on it waits the console's 2 s
    /// (`lock_timeout`) and answers 503 with Retry-After; pages (reads, which take no row lock)
    /// render meanwhile, and the job is untouched.
    func aHeldRowAnswers503WhilePagesRender(cluster: PostgresCluster, database config: FolioConfig, server: ConsoleServer, token: String) throws {
        guard case .postgres(let url) = config.queue else {
            Issue.record("the fixture's queue is not PostgreSQL")
            return
        }
        let holder = try PGConnection(url: url, password: cluster.password)
        try holder.execute("BEGIN")
        try holder.execute("SELECT id FROM jobs WHERE id = $1 FOR UPDATE", [ConsoleFixture.held])
        defer { _ = try? holder.execute("ROLLBACK") }
        let started = Date()
        let action = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/cancel", method: "POST",
                                      headers: ["Authorization": "Bearer \(token)"])
        let waited = Date().timeIntervalSince(started)
        #expect(action.status == 503 && action.headers["retry-after"] != nil && waited < 5, "\(action.status) after \(waited) s")
        for path in ["/", "/jobs", "/jobs/\(ConsoleFixture.held)", "/api/night"] {
            #expect(try Curl.request(server.base + path, headers: ["Authorization": "Bearer \(token)"]).status == 200, "\(path)")
        }
        _ = try holder.execute("ROLLBACK")
        #expect(try config.openQueue().job(ConsoleFixture.held)?.state == .held)
    }
}
