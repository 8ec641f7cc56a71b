import Foundation
import Testing
import Jobs

/// A night for the console's tests, made by the real binary: one book delivered, one held for
/// review (a `low-resolution-image` warning under a product with `"review": "warnings"`), two
/// failed (their export is missing), one running (claimed by another host's worker), and a
/// tokens file with an operator and a viewer.
public final class ConsoleFixture: @unchecked Sendable {
    public let workspace: Workspace
    public let operatorToken = ConsoleTokens.newToken()
    public let viewerToken = ConsoleTokens.newToken()

    public static let done = "night-done-00", held = "night-held-00", running = "night-running-00"
    public static let failed = ["night-fail-00", "night-fail-01"]

    public static let crashed = "night-crash-00"

    /// `crash`: one more order, whose job process crashes (a real invalid access, run by
    /// `folio-with-faults`), so the night has three failed jobs. `withNight` false: the tokens
    /// alone, for a test that makes its own night.
    public init(queue: String = "sqlite:../folio.db", crash: Bool = false, withNight: Bool = true) throws {
        workspace = try Workspace.batch(#", "console_tokens": "tokens.json", "max_attempts": 1"#, queue: queue)
        let config = workspace.root.appendingPathComponent("config")
        try JSONSerialization.data(withJSONObject: ["tokens": [
            ["name": "olga", "role": "operator", "sha256": ConsoleTokens.digest(operatorToken)],
            ["name": "victor", "role": "viewer", "sha256": ConsoleTokens.digest(viewerToken)],
        ]]).write(to: config.appendingPathComponent("tokens.json"))
        guard withNight else { return }
        // A product that holds books with warnings for review.
        var product = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: config.appendingPathComponent("products/a5-softcover.json"))) as? [String: Any])
        product["review"] = "warnings"
        product["name"] = "A5 softcover, reviewed"
        try JSONSerialization.data(withJSONObject: product).write(to: config.appendingPathComponent("products/a5-reviewed.json"))
        try workspace.drop(1, prefix: "night-done", outputs: ["interior", "cover"])
        try writeLowResolutionExport()
        try dropOrder(Self.held, export: "lowres", product: "a5-reviewed", title: "Hopper's Winter", author: "Edward H.")
        for id in Self.failed { try dropOrder(id, export: "missing", product: "a5-softcover", title: "Lost Year", author: "Nobody") }
        if crash { try dropOrder(Self.crashed, export: "small", product: "a5-softcover", title: "Crash Course", author: "Rita R.") }
        let run = try workspace.run(workers: 2, faults: crash ? "\(Self.crashed):segv" : nil)
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")  // the two failed jobs
        // A job another host is working on, as a running job looks in the queue.
        try dropOrder(Self.running, export: "small", product: "a5-softcover", title: "Busy Book", author: "Rita R.")
        let queue = try workspace.config.openQueue()
        _ = try Intake(config: try workspace.config, queue: queue).run()
        #expect(try queue.claim(worker: "other-host-4242-0", lease: 3600)?.id == Self.running)
    }

    private func writeLowResolutionExport() throws {
        let export = workspace.exports.appendingPathComponent("lowres")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/pillow_hopper_gray.jpg"),
                                         to: export.appendingPathComponent("photos/hopper.jpg"))
        let entries = [Sample.entry("w1", "2025-01-05T09:00:00Z", text: "Snow all morning; we walked to the harbour and back.",
                                    photos: [["file": "photos/hopper.jpg", "caption": "The harbour"]]),
                       Sample.entry("w2", "2025-01-09T21:00:00Z", text: "A quiet evening with a book.")]
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: export.appendingPathComponent("journal.json"))
    }

    private func dropOrder(_ id: String, export: String, product: String, title: String, author: String) throws {
        var order = Sample.order(id: id, export: export, outputs: ["interior", "cover"], extra: ["product": product])
        order["book"] = ["title": title, "subtitle": NSNull(), "author": author, "language": "en", "scope": ["all": true],
                         "cover": ["preset": "night"]] as [String: Any]
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: order, options: [.sortedKeys]).write(to: inbox.appendingPathComponent("\(id).json"))
    }
}

/// `folio serve` on a free loopback port, stopped when the test ends.
public final class ConsoleServer {
    public let process = Process()
    public let port: Int
    public var base: String { "http://127.0.0.1:\(port)" }

    public convenience init(_ workspace: Workspace, arguments: [String] = [], environment extra: [String: String] = [:],
                            errors: FileHandle = .nullDevice) throws {
        try self.init(executable: Workspace.folio, config: workspace.configFile, arguments: arguments, environment: extra, errors: errors)
    }

    /// `executable` with the environment of the tests (`base`, when given, instead).
    /// `errors`: where its standard error goes (its notes and audit lines).
    public init(executable: String, config: URL, arguments: [String] = [], environment extra: [String: String] = [:],
         base: [String: String]? = nil, errors: FileHandle = .nullDevice) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--config", config.path] + arguments
        var environment = base ?? ProcessInfo.processInfo.environment
        environment["FOLIO_CONSOLE_TOKEN"] = nil
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let line = try process.runReadingFirstLine(errors: errors)
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }), text.contains("listening") else {
            process.terminate()
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "folio serve did not start: \(text)"])
        }
        self.port = port
    }

    /// Stopped with SIGTERM as systemd stops it; a console that does not stop within 10 s is
    /// a failure (and is killed, so one lost signal cannot hang the whole run).
    deinit {
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            Issue.record("folio serve did not stop within 10 s of SIGTERM")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}

/// One answer as curl saw it: status, headers (names lower-cased) and body.
public struct CurlAnswer {
    public var status: Int
    public var headers: [String: String]
    public var body: String
    /// Every Set-Cookie line (`headers` keeps the last).
    public var setCookies: [String] = []
}

/// Requests through curl (never following redirects), so the tests see exactly what the
/// console answers, byte for byte; `--path-as-is` keeps `..` in the path as sent.
public enum Curl {
    public static func request(_ url: String, method: String = "GET", headers: [String: String] = [:], form: [String] = [],
                        cookies: String? = nil) throws -> CurlAnswer {
        var arguments = ["-s", "-i", "--path-as-is", "-X", method, url]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        for field in form { arguments += ["--data-urlencode", field] }
        if let cookies { arguments += ["-H", "Cookie: \(cookies)"] }
        let run = try Tool.run("curl", arguments)
        let parts = run.output.components(separatedBy: "\r\n\r\n")
        let head = parts.first?.components(separatedBy: "\r\n") ?? []
        let status = head.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
        var fields: [String: String] = [:]
        var setCookies: [String] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let (name, value) = (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            fields[name] = value
            if name == "set-cookie" { setCookies.append(value) }
        }
        return CurlAnswer(status: status, headers: fields, body: parts.dropFirst().joined(separator: "\r\n\r\n"), setCookies: setCookies)
    }

    /// Signs in with `token`; returns the session (Strict) cookie, the read-only (Lax) one and
    /// the page's CSRF token.
    public static func signIn(_ server: ConsoleServer, token: String) throws -> (cookie: String, csrf: String, readCookie: String) {
        let answer = try request(server.base + "/login", method: "POST", form: ["token=\(token)"])
        let pairs = answer.setCookies.compactMap { $0.split(separator: ";").first.map(String.init) }
        let cookie = try #require(pairs.first { $0.hasPrefix("folio_session=") })
        let readCookie = try #require(pairs.first { $0.hasPrefix("folio_read=") })
        let page = try request(server.base + "/jobs", cookies: cookie)
        let marker = "name=\"csrf\" value=\""
        let start = try #require(page.body.range(of: marker))
        let csrf = String(page.body[start.upperBound...].prefix { $0 != "\"" })
        return (cookie, csrf, readCookie)
    }
}
