import Foundation
import Jobs

/// An action from a form: which, on which jobs, with a reason for a rejection. "All that match"
/// never acts on a filter run again: it first shows the jobs that match (at most `bulkCap`) on a
/// confirmation page, and the confirmed form names exactly those ids. Approve, cancel, "it
/// arrived", send again and any action on more than one job are confirmed the same way.
struct ActionRequest {
    static let bulkCap = 1_000

    var action: JobAction
    var ids: [String]
    var reason: String?
    var confirmed = false
    /// "All that match": the ids are the filter's matches now, to be confirmed.
    var fromFilter = false
    /// How many the Jobs page said matched, when the operator chose "all that match".
    var seen: Int?

    /// From the Jobs, Job or confirmation page's form; nil when the action is unknown.
    init?(form: HTTPRequest, queue: ConsoleCatalog) throws {
        guard let action = form.field("action").flatMap(JobAction.init) else { return nil }
        self.action = action
        reason = action.needsReason ? try Self.reason(form.field("reason")) : nil
        confirmed = form.field("confirm") == "1"
        if form.field("all") == "1", !confirmed {
            var query: [String: String] = [:]
            for name in ["state", "product", "destination", "night", "q"] { query[name] = form.field("filter-" + name) }
            ids = try queue.listJobs(try JobsPage.filter(from: query), limit: Self.bulkCap, offset: 0).map(\.id)
            fromFilter = true
            seen = try BoundedInput.integer(form.field("seen"), "seen", fallback: ids.count, in: 0...Int(Int32.max))
        } else {
            var unique = Set<String>()
            ids = (form.form["id"] ?? []).filter { JobIdentifier.isValid($0) && unique.insert($0).inserted }
            guard ids.count <= Self.bulkCap else { throw BadRequest(description: "at most \(Self.bulkCap) jobs at once") }
        }
    }

    init(action: JobAction, ids: [String], reason: String?) {
        self.action = action
        self.ids = ids
        self.reason = reason
    }

    var needsConfirmation: Bool {
        !confirmed && (fromFilter || ids.count > 1 || [.approve, .cancel, .arrived, .sendAgain].contains(action))
    }

    /// A reason as it will be stored (see `RejectionReason`); longer than it allows is refused.
    static func reason(_ text: String?) throws(BadRequest) -> String? {
        guard let text else { return nil }
        let cleaned = RejectionReason.clean(text)
        guard cleaned.count <= RejectionReason.maxLength else {
            throw BadRequest(description: "a reason has at most \(RejectionReason.maxLength) characters")
        }
        return cleaned
    }

    /// Acts on each job in turn; one job's refusal does not stop the others.
    func perform(by actor: String, queue: JobStore & ReportArchive, config: FolioConfig) throws -> [JobAction.Outcome] {
        try ids.map { try action.perform(on: $0, by: actor, reason: reason, queue: queue, config: config) }
    }

    /// One line for the page that follows: how many changed (a job already where the action
    /// leads counts, so a double-click does not report a failure), and the first refusals.
    static func summary(_ outcomes: [JobAction.Outcome], action: JobAction) -> String {
        let changed = outcomes.filter { $0.changed || $0.alreadyDone }.count
        let refused = outcomes.filter { !$0.changed && !$0.alreadyDone }
        var line = "\(action.rawValue): \(changed) of \(outcomes.count) job\(outcomes.count == 1 ? "" : "s") changed."
        let already = outcomes.filter(\.alreadyDone)
        if !already.isEmpty { line += " " + already.prefix(3).map(\.message).joined(separator: "; ") + (already.count > 3 ? "; …" : "") + "." }
        if !refused.isEmpty { line += " " + refused.prefix(3).map(\.message).joined(separator: "; ") + (refused.count > 3 ? "; …" : "") }
        return line
    }
}
