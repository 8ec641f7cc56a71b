import Foundation
import Jobs

/// A pause or resume from the console's form or its API: `action` (`pause` or `resume`),
/// `target` (`intake` or `destination:ID`, a destination the configuration has) and, to pause, a
/// `reason`.
struct PauseRequest {
    var pausing: Bool
    var target: PauseTarget
    var reason: String

    /// Nil when the fields name no action or no target this console knows.
    init?(action: String?, target: String?, reason: String?, config: FolioConfig) throws(BadRequest) {
        guard let action, ["pause", "resume"].contains(action), let target = target.flatMap(PauseTarget.init) else { return nil }
        if case .destination(let id) = target, !FileManager.default.fileExists(atPath: config.destinationFile(id).path) { return nil }
        pausing = action == "pause"
        self.target = target
        self.reason = try ActionRequest.reason(reason).flatMap { $0.isEmpty ? nil : $0 } ?? "no reason given"
    }

    /// Whether it changed anything, and a line for the operator.
    func perform(by actor: String, queue: PauseStore) throws -> (changed: Bool, message: String) {
        let changed = pausing ? try queue.pause(target, by: actor, reason: reason) : try queue.resume(target)
        let done = pausing ? "paused" : "resumed"
        return (changed, changed ? "\(target): \(done)." : "\(target) was already \(pausing ? "paused" : "running").")
    }

    /// The destinations the configuration has, by id, for the pause form.
    static func destinations(_ config: FolioConfig) -> [String] {
        let folder = config.folder.appendingPathComponent("destinations")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.filter(JobIdentifier.isValid).sorted()
    }
}
