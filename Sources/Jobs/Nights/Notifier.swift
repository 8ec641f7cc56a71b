import Foundation
import Upload

/// Tells the operators, as `notify` says: each night's summary once its report is cut, each
/// job that ended needing a person. A notice that cannot be sent is a problem to log; it never
/// stops the night.
public struct Notifier: Sendable {
    public enum Notice: Sendable {
        case night(NightReport.Summary)
        case failure(order: String, state: QueuedJob.State, error: String?, attempts: Int)
    }

    let settings: NotifySettings
    let environment: [String: String]

    public init(settings: NotifySettings, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.settings = settings
        self.environment = environment
    }

    /// Whether this notice is one the settings ask for.
    public func wants(_ notice: Notice) -> Bool {
        guard !settings.isEmpty else { return false }
        switch notice {
        case .night: return settings.nights
        case .failure: return settings.failures
        }
    }

    /// Sends it every way configured; returns what failed, one line each.
    public func send(_ notice: Notice) -> [String] {
        guard wants(notice) else { return [] }
        var problems: [String] = []
        if let webhook = settings.webhook {
            let token = settings.webhookTokenVariable.flatMap { environment[$0] }
            if let variable = settings.webhookTokenVariable, token == nil {
                problems.append("notify.webhook: \(variable) is not set")
            } else if let problem = NoticePost.send(Self.json(notice), to: webhook, bearerToken: token, caFile: settings.webhookCAFile) {
                problems.append("notify.webhook: \(problem)")
            }
        }
        if !settings.mailTo.isEmpty, let problem = mail(notice) { problems.append("notify.mail_to: \(problem)") }
        return problems
    }

    static func json(_ notice: Notice) -> Data {
        let object: [String: Any]
        switch notice {
        case .night(let summary):
            object = ["kind": "night", "night": summary.night, "counts": summary.counts, "report": summary.report,
                      "needs_a_person": summary.jobs.filter { ["failed", "delivery-unknown", "held"].contains($0.status) }
                          .map { ["order": $0.order, "status": $0.status, "error": $0.error ?? ""] }]
        case .failure(let order, let state, let error, let attempts):
            object = ["kind": "failure", "order": order, "state": state.rawValue, "error": error ?? "", "attempts": attempts]
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    static func subject(_ notice: Notice) -> String {
        switch notice {
        case .night(let summary):
            let counts = summary.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return "Folio: the night of \(summary.night): \(counts)"
        case .failure(let order, let state, _, _):
            return "Folio: \(order) \(state.rawValue)"
        }
    }

    static func text(_ notice: Notice) -> String {
        switch notice {
        case .night(let summary):
            var text = "The night of \(summary.night) (\(summary.jobs.count) jobs). Report: \(summary.report)\n\n"
            for line in summary.jobs where line.status != "done" {
                text += "\(line.order): \(line.status)\(line.error.map { ": \($0)" } ?? "")\n"
            }
            return text
        case .failure(let order, let state, let error, let attempts):
            return "\(order) ended \(state.rawValue) after \(attempts) attempt\(attempts == 1 ? "" : "s").\n\n\(error ?? "")\n\n"
                + "folio status \(order) shows it; folio retry \(order), or folio cancel \(order) to close it.\n"
        }
    }

    /// Through the local MTA: `sendmail -t -oi`, the recipients in the message's own header.
    private func mail(_ notice: Notice) -> String? {
        // Header values never hold a line break (an order id cannot; an error line might).
        let subject = Self.subject(notice).map { $0.isNewline ? " " : String($0) }.joined()
        let message = "To: \(settings.mailTo.joined(separator: ", "))\nSubject: \(subject)\nMIME-Version: 1.0\n"
            + "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n\(Self.text(notice))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: settings.sendmail)
        process.arguments = ["-t", "-oi"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "\(settings.sendmail) did not start: \(error.localizedDescription)"
        }
        // A sendmail that exits before reading the message must not take the runner with it.
        signal(SIGPIPE, SIG_IGN)
        let written = Result { try input.fileHandleForWriting.write(contentsOf: Data(message.utf8)) }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        if process.terminationStatus != 0 { return "\(settings.sendmail) exited \(process.terminationStatus)" }
        if case .failure(let error) = written { return "\(settings.sendmail) did not take the message: \(error)" }
        return nil
    }
}
