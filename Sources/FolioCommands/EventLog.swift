import Foundation
import FolioCommandLine
import Jobs

/// `folio run --log-format logfmt|json`: one line per runner event with named fields (event,
/// order, attempt, slot, stage, state, duration_ms, code, error), as journald and log shippers
/// read them. Errors are the reports' own, which carry no secret (credentials are named by
/// environment variable and redacted from transfer errors).
final class EventLog {
    enum Format: String { case logfmt, json }

    private let format: Format
    private let console: Terminal
    private var started: [String: Date] = [:]

    init(format: Format, console: Terminal) {
        self.format = format
        self.console = console
    }

    func show(_ event: Runner.Event) {
        var fields: [(String, String)]
        switch event {
        case .intake(let accepted, let rejected, let already):
            fields = [("event", "intake"), ("queued", "\(accepted)"), ("rejected", "\(rejected.count)"), ("already_queued", "\(already.count)")]
            for rejection in rejected { write([("event", "rejected"), ("file", rejection.file), ("error", rejection.reason)]) }
            for (id, state) in already { write([("event", "already-queued"), ("order", id), ("state", state)]) }
        case .started(let job, let attempt, let slot):
            started[job] = Date()
            fields = [("event", "started"), ("order", job), ("attempt", "\(attempt)"), ("slot", "\(slot)")]
        case .stage(let job, let stage, let slot):
            fields = [("event", "stage"), ("order", job), ("stage", stage), ("slot", "\(slot)")]
        case .finished(let job, let state, let error, let slot):
            fields = [("event", "finished"), ("order", job), ("state", state.rawValue), ("slot", "\(slot)")]
            if let start = started.removeValue(forKey: job) { fields.append(("duration_ms", "\(Int(Date().timeIntervalSince(start) * 1000))")) }
            if let error {
                let parts = error.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, !parts[0].contains(" ") { fields.append(("code", parts[0])) }
                fields.append(("error", String(error.prefix(500))))
            }
        case .released(let job):
            fields = [("event", "released"), ("order", job)]
        }
        write(fields)
    }

    private func write(_ fields: [(String, String)]) {
        switch format {
        case .logfmt:
            console.say(fields.map { "\($0.0)=\(Self.logfmt($0.1))" }.joined(separator: " "))
        case .json:
            var object: [String: Any] = [:]
            for (key, value) in fields { object[key] = Int(value).map { $0 as Any } ?? value }
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            console.say(String(decoding: data, as: UTF8.self))
        }
    }

    /// Bare when it can be, else quoted with `"` and `\` escaped; one line always.
    static func logfmt(_ value: String) -> String {
        let line = value.map { $0.isNewline ? " " : String($0) }.joined()
        guard line.isEmpty || line.contains(where: { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" }) else { return line }
        return "\"" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
