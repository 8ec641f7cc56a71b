import Foundation
import FolioTestSupport
import Testing
@testable import Jobs

/// Every number, text and byte a request carries is parsed with bounds: nothing traps the
/// server, nothing answers 500, and the server is alive after a fuzz run over every route.
@Suite(.serialized) struct ConsoleInputTests {
    static let fixture = Result { try ConsoleFixture() }

    @Test func theOverflowURLAndOtherBoundsAreRefusedNotTrapped() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        let bearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        for page in ["9223372036854775807", "-9223372036854775808", "0", "-1", "abc", "1e3", "20001", "99999999999999999999999"] {
            let answer = try Curl.request(server.base + "/jobs?page=\(page)", headers: bearer)
            #expect(answer.status == 400, "page=\(page): \(answer.status)")
        }
        #expect(try Curl.request(server.base + "/jobs?page=2", headers: bearer).status == 200)
        for query in ["offset=9223372036854775807", "offset=-1", "limit=0", "limit=501", "limit=x"] {
            #expect(try Curl.request(server.base + "/api/jobs?\(query)", headers: bearer).status == 400, "\(query)")
        }
        // A 50 KB search is no search (SQLite refuses LIKE patterns of 50,000 bytes).
        let long = String(repeating: "a", count: 50_000)
        let search = try RawHTTP.get(port: server.port, "/jobs?q=\(long)", headers: ["Authorization: Bearer \(fixture.operatorToken)"])
        #expect((400..<500).contains(search?.status ?? 0), "\(search?.status ?? 0)")
        #expect((400..<500).contains(try Curl.request(server.base + "/jobs?q=" + String(repeating: "b", count: 300), headers: bearer).status))
        // %00 never cuts a path short, nor a query value.
        for path in ["/jobs/\(ConsoleFixture.done)%00.html", "/jobs/\(ConsoleFixture.done)/files/interior.pdf%00.html", "/jobs?q=a%00b"] {
            #expect(try Curl.request(server.base + path, headers: bearer).status == 400, "\(path)")
        }
        // HEAD is GET without a body; other methods are 405.
        let head = try Curl.request(server.base + "/jobs/\(ConsoleFixture.done)", method: "HEAD", headers: bearer)
        #expect(head.status == 200 && head.body.isEmpty)
        let unauthenticatedHead = try RawHTTP.exchange(port: server.port, Data("HEAD /jobs HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        #expect(unauthenticatedHead?.status == 303 && unauthenticatedHead?.body.isEmpty == true)
        #expect(try Curl.request(server.base + "/jobs", method: "PUT", headers: bearer).status == 405)
        #expect(server.process.isRunning)
    }

    @Test func aRejectionReasonIsBoundedAndCleaned() throws {
        let fixture = try ConsoleFixture()
        let server = try ConsoleServer(fixture.workspace)
        let bearer = ["Authorization": "Bearer \(fixture.operatorToken)"]
        let path = server.base + "/api/jobs/\(ConsoleFixture.held)/reject"
        let long = try Curl.request(path, method: "POST", headers: bearer, form: ["reason=" + String(repeating: "x", count: 501)])
        #expect(long.status == 400)
        #expect(try fixture.workspace.states()[ConsoleFixture.held] == "held")
        let hostile = "blurry \u{1B}[2J\u{1B}]0;owned\u{07} photo\u{202E}txt.exe\r\nline two"
        let answer = try Curl.request(path, method: "POST", headers: bearer, form: ["reason=" + hostile])
        #expect(answer.status == 200)
        let queue = try fixture.workspace.config.openQueue()
        let stored = try #require(try queue.job(ConsoleFixture.held)?.lastError)
        #expect(!stored.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        #expect(stored.contains("blurry [2J]0;owned photo") && stored.contains("line two"), "\(stored)")
        // What `folio status` prints carries no escape either.
        let status = try Tool.run(Workspace.folio, ["status", ConsoleFixture.held, "--config", fixture.workspace.configFile.path])
        #expect(!status.output.contains("\u{1B}") && !status.output.contains("\u{202E}"))
    }

    /// A NUL or a lone surrogate in an order's title does not blank what the catalog lists.
    @Test func theCatalogKeepsFieldsBesideANulOrALoneSurrogate() throws {
        let order = Data(#"{"product": "a5-softcover", "destination": "local", "book": {"title": "Nul\u0000 and \ud800 half", "author": "A\u0000B"}}"#.utf8)
        let facts = OrderFacts(order)
        #expect(facts.product == "a5-softcover" && facts.destination == "local")
        #expect(facts.title == "Nul and  half" && facts.author == "AB", "\(String(describing: facts.title)) \(String(describing: facts.author))")
    }

    /// A body the library cannot read as the form it claims to be is answered 400 once it is
    /// all in, never acted on half read.
    @Test func aMalformedFormIsRefused() throws {
        let fixture = try Self.fixture.get()
        let server = try ConsoleServer(fixture.workspace)
        // A field with no name: libmicrohttpd's form parser gives up on it.
        let body = "=x&token=" + String(repeating: "junk", count: 50)
        let request = "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        let answer = try RawHTTP.exchange(port: server.port, Data(request.utf8))
        #expect(answer?.status == 400 && String(decoding: answer?.body ?? Data(), as: UTF8.self).contains("could not be read"),
                "\(answer?.status ?? 0)")
        #expect(server.process.isRunning)
    }

    /// Random and boundary values for every parameter of every route, with every method and
    /// several encodings, signed in as an operator and not: never a 500, never a dead server.
    @Test func aFuzzRunOverEveryRouteNeverAnswers500() throws {
        let fixture = try ConsoleFixture()
        let server = try ConsoleServer(fixture.workspace)
        let session = try Curl.signIn(server, token: fixture.operatorToken)
        var random = FuzzRandom(seed: 23)
        let ids = [ConsoleFixture.done, ConsoleFixture.held, ConsoleFixture.running, "nobody-here", "..", "%2e%2e", "a%00b", ""]
        let paths = ["/", "/jobs", "/jobs/ID", "/jobs/ID/files/NAME", "/jobs/ID/pages/NUMBER", "/actions", "/logout", "/login", "/api/night", "/api/jobs",
                     "/api/jobs/ID", "/api/jobs/ID/ACTION", "/static/console.css", "/static/console.js", "/favicon.ico", "/nowhere"]
        let names = ["interior.pdf", "report.json", "report.html", "page-1.jpg", "page-0.jpg", "page-9223372036854775807.jpg",
                     "page--1.jpg", "page-1-large.jpg", "page-0-large.jpg", "page-99999999999999999999-large.jpg", "page-1-large.jpg/..", "job.log", "preview-cover.png", "%2e%2e%2fsecret", ".."]
        let parameters = ["page", "state", "product", "destination", "night", "q", "limit", "offset", "next", "action", "id", "all",
                          "reason", "csrf", "back", "seen", "confirm", "filter-state", "filter-q", "filter-night", "token", "render"]
        let values = ["", "0", "-1", "1", "2", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                      "99999999999999999999", "1e309", "NaN", "0x10", "%00", "%ff%fe", "%", "%zz", "%ED%A0%80", "%E2%80%AE",
                      "%1B%5B2J", "..%2F..%2Fetc%2Fpasswd", "%3Cscript%3E", "'%20OR%201=1--", "_%25", "%5C", "retry", "approve",
                      "reject", "cancel", "retry-fresh", "held", "failed", "2026-12-01", "9999-99-99", "+", "a+b",
                      ConsoleFixture.held, ConsoleFixture.done, session.csrf, String(repeating: "z", count: 3000),
                      String(repeating: "%41", count: 600)]
        let methods = ["GET", "GET", "GET", "GET", "GET", "POST", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "BREW"]
        let types = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain", nil, "application/json"]
        var statuses: [Int: Int] = [:]
        var silent = 0
        let started = Date()
        for round in 0..<1_200 where Date().timeIntervalSince(started) < 90 {
            var path = random.pick(paths).replacingOccurrences(of: "ID", with: random.pick(ids))
                .replacingOccurrences(of: "NAME", with: random.pick(names))
                .replacingOccurrences(of: "NUMBER", with: random.pick(values))
                .replacingOccurrences(of: "ACTION", with: random.pick(["retry", "cancel", "approve", "reject", "x", "retry-fresh"]))
            if round % 7 == 0 { path += random.pick(["%00", "/", "//", "/..", ";x", "%2F", "#x", "%20"]) }
            var query: [String] = []
            for _ in 0..<random.next(4) { query.append(random.pick(parameters) + "=" + random.pick(values)) }
            if round % 11 == 0 { query.append(random.bytes(random.next(40))) }
            let target = path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            let method = random.pick(methods)
            var form: [String] = []
            for _ in 0..<random.next(6) { form.append(random.pick(parameters) + "=" + random.pick(values)) }
            if method == "POST", random.next(2) == 0 { form.append("csrf=\(session.csrf)") }
            let body = round % 13 == 0 ? random.bytes(random.next(2000)) : form.joined(separator: "&")
            var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(server.port)", "Connection: close"]
            switch random.next(3) {
            case 0: lines.append("Cookie: \(session.cookie)")
            case 1: lines.append("Authorization: Bearer \(random.next(4) == 0 ? "x" : fixture.operatorToken)")
            default: break
            }
            if let type = random.pick(types) { lines.append("Content-Type: \(type)") }
            if method != "GET" || random.next(5) == 0 { lines.append("Content-Length: \(body.utf8.count)") }
            if random.next(17) == 0 { lines.append("X-Forwarded-For: \(random.pick(values))") }
            let request = Data((lines.joined(separator: "\r\n") + "\r\n\r\n" + (method == "GET" && !lines.contains { $0.hasPrefix("Content-Length") } ? "" : body)).utf8)
            guard let answer = try RawHTTP.exchange(port: server.port, request, timeout: 5) else {
                silent += 1
                continue
            }
            statuses[answer.status, default: 0] += 1
            #expect(answer.status != 500 && answer.status != 0, "\(method) \(target): \(answer.status) \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
            #expect(server.process.isRunning, "the server exited after \(method) \(target)")
            if !server.process.isRunning { break }
        }
        print("fuzz: statuses \(statuses.sorted { $0.key < $1.key }), \(silent) closed without an answer, \(Int(Date().timeIntervalSince(started))) s")
        #expect(statuses.values.reduce(0, +) > 500, "too few answers: \(statuses)")
        #expect(server.process.isRunning)
        #expect(try Curl.request(server.base + "/api/night", headers: ["Authorization": "Bearer \(fixture.operatorToken)"]).status == 200)
    }
}
