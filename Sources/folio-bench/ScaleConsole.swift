import Foundation

/// `folio serve` on a free loopback port for the scale bench, with a token of its own; timed
/// through curl, as a browser or a scraper would ask.
final class ScaleConsole {
    let process = Process()
    let base: String
    let token: String

    init(config: URL, token: String) throws {
        self.token = token
        process.executableURL = URL(fileURLWithPath: BenchWorkspace.executable)
        process.arguments = ["serve", "--listen", "127.0.0.1:0", "--config", config.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["FOLIO_CONSOLE_TOKEN": token]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let text = String(decoding: line, as: UTF8.self)
        guard text.contains("listening"), let port = text.split(separator: ":").last.flatMap({ Int($0.filter(\.isNumber)) }) else {
            process.terminate()
            throw BenchError("folio serve did not start: \(text)")
        }
        base = "http://127.0.0.1:\(port)"
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// One request's total time, in milliseconds; a status other than 200 is an error. Pages
    /// get the console token; `/metrics` and `/healthz` answer this host without one (a console
    /// token is no metrics token).
    func milliseconds(_ url: String) throws -> Double {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let monitoring = url.hasSuffix("/metrics") || url.hasSuffix("/healthz")
        curl.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}"]
            + (monitoring ? [] : ["-H", "Authorization: Bearer \(token)"]) + [url]
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ")
        curl.waitUntilExit()
        guard answer.count == 2, answer[0] == "200", let seconds = Double(answer[1]) else {
            throw BenchError("\(url) answered \(answer.joined(separator: " "))")
        }
        return seconds * 1000
    }
}
