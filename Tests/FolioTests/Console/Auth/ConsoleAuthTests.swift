import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Credentials under attack: weak tokens refused at start, every credential check throttled per
/// client (the one a trusted proxy names), a correct token never locked out by someone else's
/// guesses, Secure cookies over TLS, and `--no-auth` refusing DNS rebinding.
@Suite(.serialized) struct ConsoleAuthTests {
    static let fixture = Result { try ConsoleFixture() }

    @Test func aWeakTokenIsRefusedAtStart() throws {
        let fixture = try Self.fixture.get()
        for weak in ["a", "short-but-random-9f2c", String(repeating: "a", count: 64), String(repeating: "abcd", count: 16),
                     String(repeating: "0123456789abcdef", count: 4), "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"] {
            // Bounded: a token wrongly accepted would leave the server running.
            let run = try Tool.run("timeout", ["10", Workspace.folio, "serve", "--listen", "127.0.0.1:0", "--config", fixture.workspace.configFile.path],
                                   environment: ProcessInfo.processInfo.environment.merging(["FOLIO_CONSOLE_TOKEN": weak]) { $1 })
            #expect(run.status == 2 && run.errors.contains("FOLIO_CONSOLE_TOKEN: the token") && run.errors.contains("folio token makes a strong one"),
                    "\(weak): \(run.status) \(run.errors)")
        }
        let strong = ConsoleTokens.newToken()
        let server = try ConsoleServer(fixture.workspace, environment: ["FOLIO_CONSOLE_TOKEN": strong])
        #expect(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(strong)"]).status == 200)
    }

    /// `folio token --write FILE`: the token alone, in a new file only its owner reads, which
    /// the console takes as its credential; an existing file (the token in use) is never replaced.
    @Test func aWrittenTokenIsTheConsolesCredential() throws {
        let fixture = try Self.fixture.get()
        let folder = fixture.workspace.root.appendingPathComponent("credentials-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("console-token")
        let run = try Tool.run(Workspace.folio, ["token", "--role", "operator", "--name", "olga", "--write", file.path])
        #expect(run.status == 0 && run.output.contains("written to \(file.path)"), "\(run.output)\(run.errors)")
        let token = try String(contentsOf: file, encoding: .utf8)
        #expect(token.count == 65 && token.hasSuffix("\n") && !run.output.contains(token.dropLast()), "the token is shown or not alone")
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        let again = try Tool.run(Workspace.folio, ["token", "--role", "operator", "--name", "olga", "--write", file.path])
        let kept = try String(contentsOf: file, encoding: .utf8)
        #expect(again.status == 1 && again.errors.contains("already exists") && kept == token, "\(again.errors)")
        let server = try ConsoleServer(fixture.workspace, environment: ["CREDENTIALS_DIRECTORY": folder.path])
        #expect(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(token.dropLast())"]).status == 200)
    }

    /// Wrong bearer tokens are throttled like sign-ins: after five, the client waits (429,
    /// Retry-After) without its token being looked at; the score decays, and then the right
    /// token works again from that client too.
    @Test func bearerTokenGuessingIsThrottled() throws {
        let (fixture, server) = try (Self.fixture.get(), ConsoleServer(Self.fixture.get().workspace))
        var statuses: [Int] = []
        let started = Date()
        for _ in 0..<40 {
            statuses.append(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(ConsoleTokens.newToken())"]).status)
        }
        let seconds = Date().timeIntervalSince(started)
        let checked = statuses.filter { $0 == 401 }.count
        print("bearer guessing: \(checked) of 40 guesses checked in \(String(format: "%.2f", seconds)) s, the rest 429")
        #expect(Array(statuses.prefix(5)) == [401, 401, 401, 401, 401])
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 } || checked <= 5 + Int(seconds / 2) + 1, "\(statuses)")
        // The score decays by one guess every two seconds, and on a loaded machine a request
        // (a curl process each) can take most of that, so a decay may fall between any two
        // guesses: the 429 and its Retry-After are looked for among a few guesses in a row. With
        // no throttle every one of them would be checked (401).
        var waiting: [Int] = []
        var retryAfter: Int?
        for _ in 0..<6 where retryAfter == nil {
            let guess = try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(ConsoleTokens.newToken())"])
            waiting.append(guess.status)
            if guess.status == 429 { retryAfter = Int(guess.headers["retry-after"] ?? "") }
        }
        #expect(retryAfter != nil, "\(waiting)")
        // Sign-ins from the same client share the score: right after a guess tops it up, a
        // sign-in must wait. A decay may fall between the two, so the pair is tried up to six
        // times; with scores of their own, no sign-in here would ever wait.
        var signInStatus = 0, signInWait = 3
        for _ in 0..<6 where signInStatus != 429 {
            _ = try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(ConsoleTokens.newToken())"])
            let signIn = try Curl.request(server.base + "/login", method: "POST", form: ["token=wrong"])
            signInStatus = signIn.status
            signInWait = Int(signIn.headers["retry-after"] ?? "") ?? signInWait
        }
        #expect(signInStatus == 429, "\(signInStatus)")
        sleep(UInt32(signInWait))
        #expect(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(fixture.operatorToken)"]).status == 200)
    }

    /// Behind a trusted proxy the client is the one X-Forwarded-For names: twenty wrong tokens
    /// from one client through the proxy leave another's right token working at once, and an
    /// untrusted sender cannot pick its own key. X-Forwarded-Proto https from the proxy makes
    /// the cookie Secure.
    @Test func theRightTokenStillWorksBehindTheSameProxyAfterTwentyWrongOnes() throws {
        let fixture = try Self.fixture.get()
        let proxied = try ConsoleServer(fixture.workspace, arguments: ["--trusted-proxy", "127.0.0.1"])
        for _ in 0..<20 {
            _ = try Curl.request(proxied.base + "/login", method: "POST", headers: ["X-Forwarded-For": "198.51.100.7"], form: ["token=wrong"])
        }
        #expect(try Curl.request(proxied.base + "/login", method: "POST", headers: ["X-Forwarded-For": "198.51.100.7"],
                                 form: ["token=\(fixture.operatorToken)"]).status == 429)
        let other = try Curl.request(proxied.base + "/login", method: "POST",
                                     headers: ["X-Forwarded-For": "198.51.100.8", "X-Forwarded-Proto": "https"],
                                     form: ["token=\(fixture.operatorToken)"])
        #expect(other.status == 303)
        #expect(other.headers["set-cookie"]?.contains("; Secure") == true)
        let bearer = try Curl.request(proxied.base + "/api/night", headers: ["Authorization": "Bearer \(fixture.operatorToken)",
                                                                             "X-Forwarded-For": "198.51.100.9"])
        #expect(bearer.status == 200)
        // Plain HTTP through the proxy: no Secure (the browser would drop the cookie).
        let plain = try Curl.request(proxied.base + "/login", method: "POST", headers: ["X-Forwarded-For": "198.51.100.10"],
                                     form: ["token=\(fixture.operatorToken)"])
        #expect(plain.status == 303 && plain.headers["set-cookie"]?.contains("Secure") == false)

        // Without --trusted-proxy the headers are the client's own words, and ignored.
        let direct = try ConsoleServer(fixture.workspace)
        for index in 0..<6 {
            _ = try Curl.request(direct.base + "/login", method: "POST", headers: ["X-Forwarded-For": "203.0.113.\(index)"], form: ["token=wrong"])
        }
        #expect(try Curl.request(direct.base + "/login", method: "POST", headers: ["X-Forwarded-For": "203.0.113.99"],
                                 form: ["token=wrong"]).status == 429)
        let forged = try Curl.request(direct.base + "/login", method: "POST", headers: ["X-Forwarded-Proto": "https"],
                                      form: ["token=\(fixture.operatorToken)"])
        #expect(forged.headers["set-cookie"]?.contains("Secure") != true)
    }

    /// Under --no-auth a page on another host name that resolves to 127.0.0.1 (DNS rebinding)
    /// is refused, reading and acting; the loopback names are served.
    @Test func dnsRebindingIsRefusedUnderNoAuth() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace, arguments: ["--no-auth"])
        let port = server.port
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)", "1270.0.0.1"] {
            for path in ["/", "/api/night", "/jobs/\(ConsoleFixture.held)"] {
                let answer = try RawHTTP.exchange(port: port, Data("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
                #expect(answer?.status == 403, "\(host)\(path): \(answer?.status ?? 0)")
            }
            let answer = try RawHTTP.exchange(port: port, Data("GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
            #expect(answer?.status == 403, "\(host): \(answer?.status ?? 0)")
            #expect(answer?.header("Set-Cookie") == nil)
        }
        let post = "POST /actions HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://evil.example:\(port)\r\nConnection: close\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 31\r\n\r\naction=cancel&id=night-held-00x"
        #expect(try RawHTTP.exchange(port: port, Data(post.utf8))?.status == 403)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "127.0.0.1"] {
            let answer = try RawHTTP.exchange(port: port, Data("GET /jobs HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
            #expect(answer?.status == 303 && answer?.header("Set-Cookie") != nil, "\(host): \(answer?.status ?? 0)")
        }
        #expect(try fixture.workspace.states()[ConsoleFixture.held] == "held")
    }

    /// A link to a job, followed before signing in, lands on that job after signing in.
    @Test func aDeepLinkSurvivesSignIn() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let first = try Curl.request(server.base + "/jobs/\(ConsoleFixture.done)?tab=pages")
        let location = try #require(first.headers["location"])
        #expect(first.status == 303 && location.hasPrefix("/login?next="))
        let login = try Curl.request(server.base + location)
        #expect(login.body.contains("name=\"next\" value=\"/jobs/\(ConsoleFixture.done)?tab=pages\""))
        let signedIn = try Curl.request(server.base + "/login", method: "POST",
                                        form: ["token=\(fixture.operatorToken)", "next=/jobs/\(ConsoleFixture.done)?tab=pages"])
        #expect(signedIn.status == 303 && signedIn.headers["location"] == "/jobs/\(ConsoleFixture.done)?tab=pages")
        // Never to another site.
        for next in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"] {
            let away = try Curl.request(server.base + "/login", method: "POST", form: ["token=\(fixture.operatorToken)", "next=\(next)"])
            #expect(away.headers["location"] == "/", "\(next): \(away.headers["location"] ?? "")")
        }
    }

    /// A link in mail is a navigation from another site: the browser sends the Lax read cookie,
    /// not the Strict session one. It opens the job to a signed-in operator, and acts on nothing.
    @Test func theReadCookieOpensPagesButNeverActs() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        let login = try Curl.request(server.base + "/login", method: "POST", form: ["token=\(fixture.operatorToken)"])
        #expect(login.setCookies.contains { $0.hasPrefix("folio_read=") && $0.contains("SameSite=Lax") && $0.contains("HttpOnly") })
        #expect(login.setCookies.contains { $0.hasPrefix("folio_session=") && $0.contains("SameSite=Strict") })
        let page = try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)", cookies: session.readCookie)
        #expect(page.status == 200 && page.body.contains("Order \(ConsoleFixture.held)"))
        for form in [["csrf=\(session.csrf)", "action=cancel", "id=\(ConsoleFixture.held)"]] {
            let post = try Curl.request(server.base + "/actions", method: "POST", form: form, cookies: session.readCookie)
            #expect(post.status == 303 && post.headers["location"] == "/login", "\(post.status)")
        }
        let api = try Curl.request(server.base + "/api/jobs/\(ConsoleFixture.held)/cancel", method: "POST",
                                   headers: ["X-CSRF-Token": session.csrf], cookies: session.readCookie)
        #expect(api.status == 401)
        #expect(try fixture.workspace.states()[ConsoleFixture.held] == "held")
        // Signing out ends both.
        let out = try Curl.request(server.base + "/logout", method: "POST", form: ["csrf=\(session.csrf)"], cookies: session.cookie)
        #expect(out.setCookies.count == 2 && out.setCookies.allSatisfy { $0.contains("Max-Age=0") })
        #expect(try Curl.request(server.base + "/jobs/\(ConsoleFixture.held)", cookies: session.readCookie).status == 303)
    }
}
