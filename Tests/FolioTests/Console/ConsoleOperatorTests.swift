import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The operator's morning through `folio serve` and curl: what needs a person is listed with
/// its buttons (and leaves the list once decided), a second click is not reported as a failure,
/// and a page can be looked at large.
@Suite(.serialized) struct ConsoleOperatorTests {
    static let fixture = Result { try ConsoleFixture() }

    /// The Needs attention table: held and failed books with what can be done to each; a
    /// rejected book is decided and leaves it.
    @Test func needsAttentionListsUndecidedBooksWithTheirButtons() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let night = try Curl.request(server.base + "/", cookies: session.cookie).body
        let attention = try #require(night.components(separatedBy: "<h2>Needs attention").dropFirst().first?
            .components(separatedBy: "</table>").first)
        #expect(attention.contains("(3)"), "held and two failed")
        let rows = attention.components(separatedBy: "<tr>").dropFirst(2)
        let held = try #require(rows.first { $0.contains(ConsoleFixture.held) })
        #expect(held.contains("value=\"approve\"") && held.contains("value=\"reject\"") && held.contains("value=\"cancel\""))
        for id in ConsoleFixture.failed {
            let row = try #require(rows.first { $0.contains(id) })
            // Their export is missing: the same input fails the same way, so no Retry.
            #expect(row.contains("action=\"/actions\"") && !row.contains("value=\"retry\""), "\(row)")
        }
        // A viewer reads the list, without buttons.
        let viewer = try Curl.signIn(server, token: fixture.viewerToken)
        #expect(!(try Curl.request(server.base + "/", cookies: viewer.cookie).body.contains("action=\"/actions\"")))

        let reject = try Curl.request(server.base + "/actions", method: "POST",
                                      form: ["csrf=\(session.csrf)", "action=reject", "id=\(ConsoleFixture.held)", "reason=blurry", "back=/"],
                                      cookies: session.cookie)
        #expect(reject.status == 303)
        let after = try Curl.request(server.base + "/", cookies: session.cookie).body
        let listed = try #require(after.components(separatedBy: "<h2>Needs attention").dropFirst().first?.components(separatedBy: "</table>").first)
        #expect(listed.contains("(2)") && !listed.contains(ConsoleFixture.held), "a rejected book needs no one")
        #expect(after.contains("reject: 1 of 1 job changed."))
    }

    /// The same form sent twice (a double-click, or two operators): the second finds the job
    /// already where the action leads and says so; one event, not two.
    @Test func aSecondClickIsNotAFailure() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let id = ConsoleFixture.failed[1]
        var notices: [String] = []
        for _ in 0..<2 {
            let post = try Curl.request(server.base + "/actions", method: "POST",
                                        form: ["csrf=\(session.csrf)", "action=retry", "id=\(id)", "back=/jobs/\(id)"], cookies: session.cookie)
            #expect(post.status == 303 && post.headers["location"] == "/jobs/\(id)")
            let page = try Curl.request(server.base + "/jobs/\(id)", cookies: session.cookie).body
            notices.append(page.components(separatedBy: "class=\"notice\" role=\"status\">").dropFirst().first?
                .components(separatedBy: "</p>").first ?? "")
        }
        #expect(notices[0] == "retry: 1 of 1 job changed.", "\(notices)")
        #expect(notices[1].hasPrefix("retry: 1 of 1 job changed.") && notices[1].contains("was already queued again"), "\(notices)")
        let queue = try fixture.workspace.config.openQueue()
        #expect(try queue.events(id).filter { $0.event == "retried" }.count == 1)
    }

    /// A page drawn large from the verified PDF, with its neighbours; a page the book does not
    /// have is not found, whatever the number.
    @Test func aPageIsShownLarge() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let done = ConsoleFixture.done
        let job = try Curl.request(server.base + "/jobs/\(done)", cookies: session.cookie).body
        #expect(job.contains("href=\"/jobs/\(done)/pages/2\""), "the grid links to the large page")
        let view = try Curl.request(server.base + "/jobs/\(done)/pages/2", cookies: session.cookie)
        #expect(view.status == 200 && view.body.contains("src=\"/jobs/\(done)/files/page-2-large.jpg\"")
                && view.body.contains("/pages/1\" rel=\"prev\"") && view.body.contains("/pages/3\" rel=\"next\""))
        let large = fixture.workspace.root.appendingPathComponent("large.jpg")
        let fetched = try Tool.run("curl", ["-s", "-o", large.path, "-w", "%{http_code} %{content_type}", "-H", "Cookie: \(session.cookie)",
                                            server.base + "/jobs/\(done)/files/page-2-large.jpg"])
        #expect(fetched.output == "200 image/jpeg", "\(fetched.output)")
        let size = try Tool.run("python3", ["-c", "from PIL import Image; import sys; print(*Image.open(sys.argv[1]).size)", large.path])
        let sides = size.output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(sides.max() == 1_400, "\(size.output) \(size.errors)")
        let pages = try fixture.workspace.report(done).outputs.first { $0.kind == "interior" }?.pages ?? 0
        for number in ["0", "\(pages + 1)", "99999999999999999999", "-1", "1e3", "２"] {
            #expect(try Curl.request(server.base + "/jobs/\(done)/pages/\(number)", cookies: session.cookie).status == 404, "\(number)")
        }
        for name in ["page-0-large.jpg", "page-\(pages + 1)-large.jpg", "page-99999999999999999999-large.jpg", "page-x-large.jpg"] {
            #expect(try Curl.request(server.base + "/jobs/\(done)/files/\(name)", cookies: session.cookie).status == 404, "\(name)")
        }
    }
}
