import Foundation
import Jobs

/// An action from a form or the API: which, on which jobs (the ticked ones, or all that
/// match a filter, at most `bulkCap`), with a reason for a rejection.
struct ActionRequest {
    static let bulkCap = 1_000

    var action: JobAction
    var ids: [String]
    var reason: String?

    /// From the Jobs or Job page's form; nil when the action is unknown.
    init?(form: HTTPRequest, queue: QueueDriver) throws {
        guard let action = form.field("action").flatMap(JobAction.init) else { return nil }
        self.action = action
        reason = form.field("reason")
        if form.field("all") == "1" {
            var query: [String: String] = [:]
            for name in ["state", "product", "destination", "night", "q"] { query[name] = form.field("filter-" + name) }
            ids = try queue.listJobs(JobsPage.filter(from: query), limit: Self.bulkCap, offset: 0).map(\.id)
        } else {
            ids = Array((form.form["id"] ?? []).prefix(Self.bulkCap))
        }
    }

    init(action: JobAction, ids: [String], reason: String?) {
        self.action = action
        self.ids = ids
        self.reason = reason
    }

    /// Acts on each job in turn; one job's refusal does not stop the others.
    func perform(by actor: String, queue: QueueDriver, config: FolioConfig) throws -> [JobAction.Outcome] {
        try ids.map { try action.perform(on: $0, by: actor, reason: reason, queue: queue, config: config) }
    }

    /// One line for the page that follows: how many changed, and the first refusals.
    static func summary(_ outcomes: [JobAction.Outcome], action: JobAction) -> String {
        let changed = outcomes.filter(\.changed).count
        let refused = outcomes.filter { !$0.changed }
        var line = "\(action.rawValue): \(changed) of \(outcomes.count) job\(outcomes.count == 1 ? "" : "s") changed."
        if !refused.isEmpty { line += " " + refused.prefix(3).map(\.message).joined(separator: "; ") + (refused.count > 3 ? "; …" : "") }
        return line
    }
}
