import Foundation
import FolioCommandLine
import Jobs

/// `folio pause intake|destination ID [--reason TEXT]` and `folio resume intake|destination ID`:
/// every host's runners obey it, and `folio status`, the console and `/metrics` show it.
enum PauseCommand {
    static func run(_ arguments: Arguments, console: Terminal, pausing: Bool) -> Int32 {
        let words = arguments.positional
        let text = words.first == "destination" && words.count == 2 ? "destination:\(words[1])" : words.joined(separator: " ")
        let verb = pausing ? "pause" : "resume"
        guard let target = PauseTarget(text) else {
            console.complain("usage: folio \(verb) intake | folio \(verb) destination ID\(pausing ? " [--reason TEXT]" : "")")
            return 2
        }
        return QueueCommands.withQueue(arguments, console: console) { config, queue in
            if case .destination(let id) = target, !FileManager.default.fileExists(atPath: config.destinationFile(id).path) {
                console.complain("no destination \(id) (\(config.destinationFile(id).path))")
                return 2
            }
            let changed = pausing
                ? try queue.pause(target, by: QueueCommands.actor, reason: arguments.options["reason"].map { String(RejectionReason.clean($0).prefix(RejectionReason.maxLength)) } ?? "no reason given")
                : try queue.resume(target)
            console.say(changed ? "\(target): \(pausing ? "paused" : "resumed")" : "\(target) was already \(pausing ? "paused" : "running")")
            return 0
        }
    }
}
