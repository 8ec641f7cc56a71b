import Foundation
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
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let page = try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)", cookies: session.cookie)
        #expect(page.status == 200 && page.body.contains("low-resolution-image") && page.body.contains("files/page-1.jpg"))
        #expect(try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)/files/page-1.jpg", cookies: session.cookie).status == 200)
        let approve = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/approve", method: "POST", headers: bearer)
        #expect(approve.status == 200)
        #expect(try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/approve", method: "POST", headers: bearer).status == 409)
        let reject = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.failed[0])/reject", method: "POST", headers: bearer,
                                      form: ["reason=no"])
        #expect(reject.status == 409 && reject.body.contains("only held jobs"))
        let queue = try fixture.workspace.config.openQueue()
        #expect(try queue.job(ConsoleFixture.held)?.approvedBy == "olga")
    }
}
