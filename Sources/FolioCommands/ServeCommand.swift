import Console
import FolioCommandLine
import Foundation
import Jobs

/// `folio serve`: the operator console. Closed by default: without a token it refuses to start,
/// unless it listens on loopback and `--no-auth` says so.
enum ServeCommand {
    static func run(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard let config = Command.loadConfig(arguments, console: console) else { return 2 }
        let listen = arguments.options["listen"] ?? "127.0.0.1:8470"
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
            console.complain("--listen: expected ADDRESS:PORT (an IPv4 address), got \"\(listen)\"")
            return 2
        }
        let address = String(listen[..<colon])
        let tokens: ConsoleTokens
        do { tokens = try ConsoleTokens.load(config: config) } catch {
            console.complain("the console's tokens are invalid:\n\(error)")
            return 2
        }
        let open = arguments.flags.contains("no-auth")
        if open, !address.hasPrefix("127.") {
            console.complain("--no-auth is only allowed on a loopback address (127.x.x.x), not \(address)")
            return 2
        }
        if tokens.isEmpty, !open {
            console.complain("no console token: set FOLIO_CONSOLE_TOKEN or console_tokens in folio.json (folio token makes one), "
                             + "or pass --no-auth with --listen 127.0.0.1:PORT")
            return 2
        }
        let proxies = (arguments.options["trusted-proxy"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let wrong = proxies.first(where: { !isAddress($0) }) {
            console.complain("--trusted-proxy: \"\(wrong)\" is not an IP address")
            return 2
        }
        var limits = ServerLimits()
        // Behind a proxy every client's connection comes from the proxy's address.
        if !proxies.isEmpty { limits.perAddress = 0 }
        // The console's files and the reports' stylesheet (a review rewrites a report) are read
        // now: an incomplete installation refuses to start, naming the file and where it looked.
        let assets: ConsoleAssets
        do {
            assets = try ConsoleAssets.load()
            _ = try ReportStylesheet.text()
        } catch {
            console.complain("the console cannot start: \(error)")
            return 1
        }
        let gate = ConsoleGate(tokens: tokens, open: open, trustedProxies: proxies, secureCookies: arguments.flags.contains("secure-cookies"))
        do {
            // Each worker has its own queue connection; a lock held elsewhere fails a request
            // after 2 s (503) instead of holding it for the runners' 30 s, and so does a lost
            // PostgreSQL, whose reconnection the runners wait out for 10 minutes.
            // Listening for SIGTERM before saying "listening": a stop sent as soon as the port is
            // known (a test, systemd) is never lost in the handler's setup.
            let stop = StopSignal()
            let server = try HTTPServer(address: address, port: port, limits: limits) { _ in
                ConsoleApp(config: config, queue: try config.openQueue(environment: QueueEnvironment(lockWait: 2), outageBudget: 2),
                           gate: gate, assets: assets).handle
            }
            // The line scripts and tests read for the port the system chose.
            console.say("folio serve: listening on http://\(address):\(server.port)/")
            // Under systemd (Type=notify): ready once listening, alive on the watchdog's beat.
            let service = ServiceManager()
            service.ready("listening on \(address):\(server.port)")
            while !stop.isStopped {
                service.alive()
                usleep(200_000)
            }
            service.stopping("closing the console")
            server.stop()
            return 0
        } catch {
            console.complain("\(error)")
            return 1
        }
    }

    private static func isAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    /// `folio token --role viewer|operator --name NAME [--write FILE]`: a new token, shown once
    /// (or written alone to FILE, the console's systemd credential, readable by its owner only),
    /// and the line for the tokens file, which keeps only its SHA-256.
    static func token(_ arguments: Arguments, console: Terminal) -> Int32 {
        guard let role = arguments.options["role"].flatMap(ConsoleTokens.Role.init), let name = arguments.options["name"], !name.isEmpty else {
            console.complain("usage: folio token --role viewer|operator --name NAME [--write FILE]")
            return 2
        }
        let token = ConsoleTokens.newToken()
        let entry: [String: String] = ["name": name, "role": role.rawValue, "sha256": ConsoleTokens.digest(token)]
        guard let line = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) else { return 1 }
        if let file = arguments.options["write"] {
            guard writeSecret(token + "\n", to: file, console: console) else { return 1 }
            console.say("token for \(name) written to \(file) (mode 0600; read it there to sign in)")
        } else {
            console.say("token (shown once; give it to \(name)): \(token)")
        }
        console.say("for the tokens file's \"tokens\" list: \(String(decoding: line, as: UTF8.self))")
        return 0
    }

    /// Writes `text` to a new file only its owner can read; never over an existing file, whose
    /// token may be the one in use.
    private static func writeSecret(_ text: String, to file: String, console: Terminal) -> Bool {
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it already exists (remove it first to replace the token)" : String(cString: strerror(errno))
            console.complain("folio token: cannot write \(file): \(reason)")
            return false
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            console.complain("folio token: cannot write \(file): \(String(cString: strerror(errno)))")
            return false
        }
        return true
    }
}
