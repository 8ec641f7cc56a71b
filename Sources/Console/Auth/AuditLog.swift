import Diagnostics
import Foundation
import Jobs

/// Who did what in the console, one JSON line each on standard error beside the console's other
/// notes (journald, with the line's priority under systemd): sign-ins, refused credentials, and every action with its
/// jobs and what came of it. Never a token, a cookie or a CSRF value.
enum AuditLog {
    private static let journal = JournalStream.isConnected(STDERR_FILENO)

    static func signedIn(_ identity: ConsoleTokens.Identity, client: String, by means: String) {
        write(.notice, "sign-in", ["name": identity.name, "role": identity.role.rawValue, "client": client, "with": means])
    }

    static func refused(client: String, by means: String) {
        write(.warning, "sign-in-failed", ["client": client, "with": means])
    }

    static func acted(_ action: JobAction, on outcomes: [JobAction.Outcome], by identity: ConsoleTokens.Identity, client: String,
                      reason: String?) {
        let changed = outcomes.filter(\.changed).map(\.id), refused = outcomes.filter { !$0.changed && !$0.alreadyDone }.map(\.id)
        var fields: [String: Any] = ["name": identity.name, "role": identity.role.rawValue, "client": client, "action": action.rawValue,
                                     "orders": outcomes.map(\.id), "changed": changed.count, "refused": refused]
        if let reason { fields["reason"] = String(reason.prefix(500)) }
        write(.notice, "action", fields)
    }

    static func paused(_ request: PauseRequest, changed: Bool, by identity: ConsoleTokens.Identity, client: String) {
        var fields: [String: Any] = ["name": identity.name, "role": identity.role.rawValue, "client": client,
                                     "target": request.target.description, "changed": changed]
        if request.pausing { fields["reason"] = request.reason }
        write(.notice, request.pausing ? "pause" : "resume", fields)
    }

    private static func write(_ level: LogLevel, _ event: String, _ fields: [String: Any]) {
        var object = fields
        (object["ts"], object["level"], object["event"]) = (JournalStream.timestamp(), level.rawValue, event)
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        FileHandle.standardError.write(Data(((journal ? level.journalPrefix : "") + String(decoding: data, as: UTF8.self) + "\n").utf8))
    }
}
