import Foundation
import Jobs

/// The JSON API, for the pages' polling and for scripts: `/api/night`, `/api/jobs`,
/// `/api/jobs/ID`, and `POST /api/jobs/ID/{retry,cancel,approve,reject,arrived,send-again}` (operators only).
struct ConsoleAPI {
    let app: ConsoleApp
    let caller: ConsoleApp.Caller
    var queue: QueueDriver { app.queue }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        switch (request.method, Route(request.path)) {
        case ("GET", .apiNight):
            let nights = try queue.nights(limit: 15)
            return try json(["night": nights.first.map(encodable) ?? NSNull(), "counts": nights.first?.counts ?? [:],
                             "nights": nights.map(encodable), "rejected_at_intake": try queue.rejectionCount(),
                             "rejected": try queue.rejections(limit: 20).map(encodable)])
        case ("GET", .apiPauses):
            return try json(["pauses": try queue.pauses().map(Self.encoded)])
        case ("POST", .apiPauses):
            guard caller.identity.role == .operator else { return ConsoleApp.apiError("forbidden", status: 403) }
            guard let pause = try PauseRequest(action: request.field("action"), target: request.field("target"),
                                               reason: request.field("reason"), config: app.config) else {
                return ConsoleApp.apiError("unknown-pause", status: 400)
            }
            let outcome = try pause.perform(by: caller.identity.name, queue: queue)
            AuditLog.paused(pause, changed: outcome.changed, by: caller.identity, client: app.gate.addresses.client(of: request))
            return try json(["changed": outcome.changed, "message": outcome.message, "pauses": try queue.pauses().map(Self.encoded)])
        case ("GET", .apiJobs):
            let filter = try JobsPage.filter(from: request.query)
            let limit = try BoundedInput.integer(request.query["limit"], "limit", fallback: 50, in: 1...500)
            let offset = try BoundedInput.integer(request.query["offset"], "offset", fallback: 0, in: 0...1_000_000_000)
            let cap = JobsPage.countCap
            let count = try queue.countJobs(filter, cap: cap + 1)
            // `after` (the `next` of the page before) reads by keyset; `offset` stays for old scripts.
            let after = try BoundedInput.text(request.query["after"], "after").flatMap(JobCursor.init)
            let rows = try after.map { try queue.listJobs(filter, limit: limit, after: $0) } ?? queue.listJobs(filter, limit: limit, offset: offset)
            let next: Any = rows.count == limit ? rows.last.map { JobCursor(after: $0).text } ?? NSNull() : NSNull()
            return try json(["count": min(count, cap), "count_capped": count > cap, "jobs": rows.map(encodable), "next": next])
        case ("GET", .apiJob(let id)):
            guard JobIdentifier.isValid(id), let job = try queue.job(id) else { return ConsoleApp.apiError("not-found", status: 404) }
            let report = try queue.jobFile(job: id, name: "report.json").flatMap { try? JSONSerialization.jsonObject(with: $0) }
            return try json(["job": ["id": job.id, "state": job.state.rawValue, "stage": job.stage, "attempts": job.attempts,
                                     "last_error": job.lastError ?? NSNull(), "approved_by": job.approvedBy ?? NSNull(),
                                     "created_at": job.createdAt, "updated_at": job.updatedAt, "order_sha256": job.orderSHA256] as [String: Any],
                             "report": report ?? NSNull(), "events": try queue.events(id).map(encodable),
                             "deliveries": try queue.deliveries(id).map(encodable)])
        case ("POST", .apiAction(let id, let name)):
            guard var action = JobAction(rawValue: name), action != JobAction.retryFresh else { return ConsoleApp.apiError("unknown-action", status: 404) }
            guard caller.identity.role == .operator else { return ConsoleApp.apiError("forbidden", status: 403) }
            guard JobIdentifier.isValid(id), try queue.job(id) != nil else { return ConsoleApp.apiError("not-found", status: 404) }
            if action == .retry, request.field("render") == "1" { action = .retryFresh }
            let reason = try ActionRequest.reason(request.field("reason"))
            let outcome = try action.perform(on: id, by: caller.identity.name, reason: reason, queue: queue, config: app.config)
            AuditLog.acted(action, on: [outcome], by: caller.identity, client: app.gate.addresses.client(of: request), reason: reason)
            return try json(["id": id, "changed": outcome.changed, "already": outcome.alreadyDone, "message": outcome.message],
                            status: outcome.changed || outcome.alreadyDone ? 200 : 409)
        default:
            return ConsoleApp.apiError("not-found", status: 404)
        }
    }

    private func encodable<T: Encodable>(_ value: T) -> Any {
        (try? JSONEncoder().encode(value)).flatMap { try? JSONSerialization.jsonObject(with: $0) } ?? NSNull()
    }

    static func encoded(_ pause: Pause) -> [String: Any] {
        ["target": pause.target.description, "reason": pause.reason, "paused_by": pause.pausedBy, "at": pause.at]
    }

    private func json(_ object: [String: Any], status: Int = 200) throws -> HTTPResponse {
        .json(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), status: status)
    }
}
