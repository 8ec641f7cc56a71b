import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The console's audit lines: sign-ins, refused credentials and actions, each one JSON line
/// with its time and level, and never a token; libmicrohttpd starts without a warning.
@Suite struct ConsoleAuditTests {
    @Test func signInsRefusalsAndActionsAreLoggedWithoutSecrets() throws {
        let fixture = try ConsoleFixture()
        let log = fixture.workspace.root.appendingPathComponent("console.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let server = try ConsoleServer(fixture.workspace, errors: try FileHandle(forWritingTo: log))
        let wrong = ConsoleTokens.newToken()
        #expect(try Curl.request(server.base + "/login", method: "POST", form: ["token=" + wrong]).status == 401)
        #expect(try Curl.request(server.base + "/login", method: "POST", form: ["token=" + fixture.operatorToken]).status == 303)
        #expect(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(wrong)"]).status == 401)
        let bearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        let path = server.base + "/api/jobs/\(ConsoleFixture.held)/reject"
        #expect(try Curl.request(path, method: "POST", headers: bearer, form: ["reason=the photos are blurred"]).status == 200)
        #expect(try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.done)/approve", method: "POST", headers: bearer).status == 409)

        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(!text.contains(fixture.operatorToken) && !text.contains(wrong), "a token reached the log")
        #expect(!text.contains("MHD_OPTION_EXTERNAL_LOGGER"), "libmicrohttpd warned at start: \(text)")
        let lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func events(_ name: String) -> [[String: Any]] { lines.filter { $0["event"] as? String == name } }
        #expect(lines.allSatisfy { $0["ts"] is String && $0["level"] is String }, "\(text)")
        let refused = events("sign-in-failed")
        #expect(refused.map { $0["with"] as? String } == ["sign-in form", "bearer token"] && refused.allSatisfy { $0["client"] as? String == "127.0.0.1" },
                "\(refused)")
        let signIn = try #require(events("sign-in").first)
        #expect(signIn["name"] as? String == "olga" && signIn["role"] as? String == "operator" && signIn["level"] as? String == "notice")
        let actions = events("action")
        #expect(actions.count == 2, "\(text)")
        let reject = try #require(actions.first)
        #expect(reject["action"] as? String == "reject" && reject["orders"] as? [String] == [ConsoleFixture.held]
                && reject["changed"] as? Int == 1 && reject["reason"] as? String == "the photos are blurred" && reject["name"] as? String == "olga",
                "\(reject)")
        #expect(actions.last?["refused"] as? [String] == [ConsoleFixture.done], "\(String(describing: actions.last))")
    }
}

/// Pausing from the console and its API: operators only, recorded, shown on the Night page.
@Suite struct ConsolePauseTests {
    @Test func anOperatorPausesAndResumesAPrinter() throws {
        let fixture = try ConsoleFixture(withNight: false)
        let server = try ConsoleServer(fixture.workspace)
        let operatorBearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        let url = server.base + "/api/pauses"
        #expect(try Curl.request(url, method: "POST", headers: ["Authorization": "Bearer \(fixture.viewerToken)"],
                                 form: ["action=pause", "target=destination:local", "reason=x"]).status == 403)
        #expect(try Curl.request(url, method: "POST", headers: operatorBearer, form: ["action=pause", "target=destination:nowhere"]).status == 400)
        let paused = try Curl.request(url, method: "POST", headers: operatorBearer,
                                      form: ["action=pause", "target=destination:local", "reason=toner change"])
        #expect(paused.status == 200 && paused.body.contains(#""changed":true"#), "\(paused.body)")
        let queue = try fixture.workspace.config.openQueue()
        #expect(try queue.pauses().map(\.target) == [.destination("local")] && queue.pauses().first?.pausedBy == "olga")
        let page = try Curl.request(server.base + "/", headers: operatorBearer).body
        #expect(page.contains("<h2>Paused</h2>") && page.contains("toner change") && page.contains(#"value="resume""#), "\(page)")
        let scrape = try Scrape(exposition: try Curl.request(server.base + "/metrics").body)
        #expect(scrape.value("folio_paused", ["target": "destination:local"]) == 1)
        let listed = try Curl.request(url, headers: ["Authorization": "Bearer \(fixture.viewerToken)"])
        #expect(listed.status == 200 && listed.body.contains("destination:local"))
        #expect(try Curl.request(url, method: "POST", headers: operatorBearer, form: ["action=resume", "target=destination:local"]).status == 200)
        #expect(try queue.pauses().isEmpty)
    }
}
