import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// The console is closed by default and opens nothing but a job's own files, through
/// `folio serve` itself and curl.
@Suite(.serialized) struct ConsoleSecurityTests {
    static let fixture = Result { try ConsoleFixture() }

    func started() throws -> (ConsoleFixture, ConsoleServer) {
        let fixture = try Self.fixture.get()
        return (fixture, try ConsoleServer(fixture.workspace))
    }

    static let pages = ["/", "/jobs", "/jobs/\(ConsoleFixture.done)", "/jobs/\(ConsoleFixture.done)/files/interior.pdf",
                        "/jobs/\(ConsoleFixture.done)/files/page-1.jpg", "/jobs/\(ConsoleFixture.done)/pages/1",
                        "/jobs/\(ConsoleFixture.done)/files/page-1-large.jpg", "/jobs/nobody-here"]
    static let api = ["/api/night", "/api/jobs", "/api/jobs/\(ConsoleFixture.done)", "/api/jobs/nobody-here"]

    @Test func nothingAnswersWithoutACredential() throws {
        let (_, server) = try started()
        for path in Self.pages {
            let answer = try Curl.request(server.base + path)
            // Sent to sign in, and back to this very page afterwards.
            let location = answer.headers["location"] ?? ""
            #expect(answer.status == 303 && (location == "/login" || location.hasPrefix("/login?next=%2F") || location.hasPrefix("/login?next=/")),
                    "\(path): \(answer.status) \(location)")
            #expect(!answer.body.contains(ConsoleFixture.done))
        }
        for path in Self.api {
            #expect(try Curl.request(server.base + path).status == 401, "\(path)")
        }
        for action in ["retry", "cancel", "approve", "reject"] {
            let path = "/api/jobs/\(ConsoleFixture.held)/\(action)"
            #expect(try Curl.request(server.base + path, method: "POST", form: ["reason=x"]).status == 401, "\(path)")
        }
        #expect(try Curl.request(server.base + "/actions", method: "POST", form: ["action=retry", "id=\(ConsoleFixture.failed[0])"]).status == 303)
        #expect(try Self.fixture.get().workspace.states()[ConsoleFixture.failed[0]] == "failed")
    }

    /// A wrong token gets the same answer for a job that exists and one that does not.
    @Test func aWrongTokenLearnsNothing() throws {
        let (_, server) = try started()
        let wrong = ["Authorization": "Bearer \(ConsoleTokens.newToken())"]
        let existing = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.done)", headers: wrong)
        let missing = try Curl.request(server.base + "/api/jobs/nobody-here", headers: wrong)
        #expect(existing.status == 401 && missing.status == 401)
        #expect(existing.body == missing.body)
        #expect(existing.headers["content-length"] == missing.headers["content-length"])
        let filesExisting = try Curl.request(server.base + "/jobs/\(ConsoleFixture.done)/files/interior.pdf", headers: wrong)
        let filesMissing = try Curl.request(server.base + "/jobs/nobody-here/files/interior.pdf", headers: wrong)
        #expect(filesExisting.status == filesMissing.status && filesExisting.body == filesMissing.body)
    }

    @Test func aViewerReadsButCannotAct() throws {
        let (fixture, server) = try started()
        let bearer = ["Authorization": "Bearer \(fixture.viewerToken)"]
        #expect(try Curl.request(server.base + "/api/jobs", headers: bearer).status == 200)
        let api = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.failed[0])/retry", method: "POST", headers: bearer)
        #expect(api.status == 403)
        let session = try Curl.signIn(server, token: fixture.viewerToken)
        let page = try Curl.request(server.base + "/jobs", cookies: session.cookie)
        #expect(page.status == 200 && !page.body.contains("value=\"retry\""))
        let form = try Curl.request(server.base + "/actions", method: "POST",
                                    form: ["csrf=\(session.csrf)", "action=retry", "id=\(ConsoleFixture.failed[0])"], cookies: session.cookie)
        #expect(form.status == 403)
        #expect(try fixture.workspace.states()[ConsoleFixture.failed[0]] == "failed")
    }

    @Test func aPostWithoutTheCSRFTokenIsRefused() throws {
        let (fixture, server) = try started()
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        for form in [["action=cancel", "id=\(ConsoleFixture.held)"], ["csrf=\(ConsoleTokens.newToken())", "action=cancel", "id=\(ConsoleFixture.held)"]] {
            let answer = try Curl.request(server.base + "/actions", method: "POST", form: form, cookies: session.cookie)
            #expect(answer.status == 403)
        }
        let api = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/cancel", method: "POST", cookies: session.cookie)
        #expect(api.status == 403)
        #expect(try fixture.workspace.states()[ConsoleFixture.held] == "held")
        // The session's cookie is out of scripts' and other sites' reach.
        let login = try Curl.request(server.base + "/login", method: "POST", form: ["token=\(fixture.operatorToken)"])
        let cookie = try #require(login.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        let page = try Curl.request(server.base + "/", cookies: session.cookie)
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
        #expect(!page.body.contains("<script>") && !page.body.contains(" onclick=") && !page.body.contains("style=\""))
        #expect(!page.body.contains(fixture.operatorToken) && !page.body.contains(ConsoleTokens.digest(fixture.operatorToken)))
    }

    /// `..`, its encodings, absolute paths and a symbolic link never reach anything but the
    /// job's own files.
    @Test func fileRoutesServeOnlyTheJobsOwnFiles() throws {
        let (fixture, server) = try started()
        let bearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        let done = ConsoleFixture.done
        let good = try Curl.request(server.base + "/jobs/\(done)/files/interior.pdf", headers: bearer)
        #expect(good.status == 200 && good.body.hasPrefix("%PDF-"))
        #expect(try Curl.request(server.base + "/jobs/\(done)/files/page-1.jpg", headers: bearer).status == 200)
        // A secret beside the jobs folder, and a link to it inside the job's folder.
        let secret = fixture.workspace.root.appendingPathComponent("secret.txt")
        try Data("the printer's password".utf8).write(to: secret)
        let folder = fixture.workspace.jobs.appendingPathComponent(done)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("linked.pdf"))
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked.pdf"), withDestinationURL: secret)
        // The report names it as an output, as a tampered report would.
        var report = try fixture.workspace.report(done)
        report.outputs.append(.init(kind: "interior", file: "linked.pdf", bytes: 22, sha256: "", pages: 1))
        try fixture.workspace.config.openQueue().storeJobFile(job: done, name: "report.json", data: try report.encoded())
        defer { _ = try? fixture.workspace.config.openQueue().storeJobFile(job: done, name: "report.json",
                                                                           data: Data(contentsOf: folder.appendingPathComponent("report.json"))) }
        let attempts = ["/jobs/\(done)/files/../../secret.txt", "/jobs/\(done)/files/%2e%2e/%2e%2e/secret.txt",
                        "/jobs/\(done)/files/%2e%2e%2f%2e%2e%2fsecret.txt", "/jobs/\(done)/files/..%2F..%2Fsecret.txt",
                        "/jobs/%2e%2e/files/secret.txt", "/jobs/..%2F/files/secret.txt", "/jobs/\(done)/files/\(secret.path)",
                        "/jobs/\(done)/files/%2F\(secret.path.dropFirst())", "/jobs/\(done)/files/linked.pdf",
                        "/jobs/\(done)/files/job.log", "/jobs/\(done)/files/thumbnails", "/jobs/\(done)/files/page-0.jpg",
                        "/jobs/\(done)/files/page-99999.jpg", "/jobs/\(done)/files/.photos"]
        for path in attempts {
            let answer = try Curl.request(server.base + path, headers: bearer)
            #expect(answer.status == 404, "\(path): \(answer.status)")
            #expect(!answer.body.contains("password"), "\(path)")
        }
        // A job folder that is itself a link to elsewhere serves nothing.
        let running = fixture.workspace.jobs.appendingPathComponent(ConsoleFixture.running)
        try? FileManager.default.removeItem(at: running)
        try FileManager.default.createSymbolicLink(at: running, withDestinationURL: folder)
        defer { try? FileManager.default.removeItem(at: running) }
        #expect(try Curl.request(server.base + "/jobs/\(ConsoleFixture.running)/files/interior.pdf", headers: bearer).status == 404)
    }

    @Test func theServerRefusesToStartOpen() throws {
        let workspace = try Workspace.batch()
        let run = try Tool.run(Workspace.folio, ["serve", "--listen", "127.0.0.1:0", "--config", workspace.configFile.path],
                               environment: ProcessInfo.processInfo.environment.filter { $0.key != "FOLIO_CONSOLE_TOKEN" })
        #expect(run.status == 2 && run.errors.contains("no console token"))
        let wide = try Tool.run(Workspace.folio, ["serve", "--listen", "0.0.0.0:0", "--no-auth", "--config", workspace.configFile.path])
        #expect(wide.status == 2 && wide.errors.contains("loopback"))
    }
}
