import Foundation
import Jobs

/// `/jobs`: every job, filtered by state, product, destination, night and text, 50 a page, with
/// a count that stops at 10,000; operators act on the ticked rows or on all that match.
struct JobsPage {
    var queue: ConsoleCatalog
    var layout: Layout

    static let pageSize = 50
    static let countCap = 10_000
    /// A million jobs, 50 a page: the offset stays far from overflowing.
    static let pageLimit = 20_000

    func render(_ query: [String: String], notice: String?) throws -> String {
        let filter = try Self.filter(from: query)
        let page = try BoundedInput.integer(query["page"], "page", fallback: 1, in: 1...Self.pageLimit)
        // Older pages are read by keyset, after the last row shown: as fast deep in a million
        // jobs as on top. (A numbered page still works, read by offset.)
        let after = try BoundedInput.text(query["after"], "after").flatMap(JobCursor.init)
        let rows = try after.map { try queue.listJobs(filter, limit: Self.pageSize, after: $0) }
            ?? queue.listJobs(filter, limit: Self.pageSize, offset: (page - 1) * Self.pageSize)
        let count = try queue.countJobs(filter, cap: Self.countCap + 1)
        let shown = count > Self.countCap ? "more than \(Self.countCap.formatted())" : count.formatted()
        var body = "<h1>Jobs</h1>\n"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += filters(filter)
        body += "<p><span data-total>\(shown)</span> job\(count == 1 ? "" : "s") match. <span class=\"muted\" id=\"updated\" aria-live=\"polite\"></span></p>\n"
        let operatorActs = layout.identity.role == .operator
        let here = Self.queryString(filter, page: page, after: after)
        if operatorActs { body += "<form method=\"post\" action=\"/actions\">\(layout.csrfField())" + hiddenFilter(filter, back: here) }
        // The row checkboxes are one group (nothing else inside), named for screen readers.
        if operatorActs { body += "<p><label><input type=\"checkbox\" id=\"select-all\"> Select every job on this page</label></p>" }
        body += "<div class=\"scroll\" role=\"group\" aria-label=\"Jobs on this page\"><table class=\"jobs\"><thead><tr>"
        if operatorActs { body += "<th scope=\"col\"><span class=\"hidden-label\">selected</span></th>" }
        body += "<th scope=\"col\">order</th><th scope=\"col\">state</th><th scope=\"col\">product · destination</th>"
            + "<th scope=\"col\">pages</th><th scope=\"col\">warnings</th><th scope=\"col\">tries</th><th scope=\"col\">why</th></tr></thead><tbody>"
        for row in rows {
            body += "<tr>"
            if operatorActs {
                body += "<td><input type=\"checkbox\" name=\"id\" value=\"\(HTML.escape(row.id))\" aria-label=\"Select \(HTML.escape(row.id))\"></td>"
            }
            body += "<td><a href=\"/jobs/\(HTML.escape(row.id))\">\(HTML.escape(row.id))</a><br><span class=\"muted\">"
                + "\(HTML.escape(row.title ?? "")) · \(HTML.escape(row.author ?? ""))</span></td>"
                + "<td>\(Layout.chip(row.state.rawValue, id: row.id))<br><span class=\"muted\">\(HTML.escape(row.stage)) · "
                + "\(Layout.time(row.updatedAt))</span></td>"
                + "<td>\(HTML.escape(row.product ?? "—")) · \(HTML.escape(row.destination ?? "—"))</td>"
                + "<td>\(row.pages.map(String.init) ?? "—")</td><td>\(row.warnings.map(String.init) ?? "—")</td>"
                + "<td>\(row.attempts)</td><td class=\"reason\">\(HTML.escape(row.lastError.map { String($0.prefix(200)) } ?? ""))</td></tr>"
        }
        if rows.isEmpty { body += "<tr><td colspan=\"8\">No job matches.</td></tr>" }
        body += "</tbody></table></div>\n"
        if operatorActs { body += ActionButtons.bulk(matching: count) + "</form>\n" }
        body += pager(filter, deeper: after != nil || page > 1, next: rows.count == Self.pageSize ? rows.last.map(JobCursor.init(after:)) : nil)
        return layout.page(title: "Jobs", body: body, poll: "/api/jobs?" + here)
    }

    /// The filter a query names; a value too long is a BadRequest, an unknown state or a
    /// malformed night is no filter.
    static func filter(from query: [String: String]) throws(BadRequest) -> JobFilter {
        JobFilter(state: try BoundedInput.text(query["state"], "state").flatMap(QueuedJob.State.init),
                  product: try BoundedInput.text(query["product"], "product"),
                  destination: try BoundedInput.text(query["destination"], "destination"),
                  night: try BoundedInput.text(query["night"], "night").flatMap { Night.isLabel($0) ? $0 : nil },
                  text: try BoundedInput.text(query["q"], "q"))
    }

    static func queryString(_ filter: JobFilter, page: Int = 1, after: JobCursor? = nil) -> String {
        var items: [URLQueryItem] = []
        if let state = filter.state { items.append(.init(name: "state", value: state.rawValue)) }
        if let product = filter.product { items.append(.init(name: "product", value: product)) }
        if let destination = filter.destination { items.append(.init(name: "destination", value: destination)) }
        if let night = filter.night { items.append(.init(name: "night", value: night)) }
        if let text = filter.text { items.append(.init(name: "q", value: text)) }
        if let after { items.append(.init(name: "after", value: after.text)) } else if page > 1 { items.append(.init(name: "page", value: String(page))) }
        var components = URLComponents()
        components.queryItems = items
        return components.percentEncodedQuery ?? ""
    }

    private func filters(_ filter: JobFilter) -> String {
        var html = "<form class=\"filters\" method=\"get\" action=\"/jobs\" role=\"search\">"
        html += "<label>State<select name=\"state\"><option value=\"\">any</option>"
        for state in QueuedJob.State.allCases {
            html += "<option\(filter.state == state ? " selected" : "")>\(state.rawValue)</option>"
        }
        html += "</select></label>"
        // A date, not a list of nights: listing them would count a million rows for a menu.
        html += "<label>Night of<input type=\"date\" name=\"night\" value=\"\(HTML.escape(filter.night ?? ""))\"></label>"
        for (name, label, value) in [("product", "Product", filter.product), ("destination", "Destination", filter.destination),
                                     ("q", "Order, title or author", filter.text)] {
            html += "<label>\(label)<input type=\"text\" name=\"\(name)\" value=\"\(HTML.escape(value ?? ""))\"></label>"
        }
        return html + "<button type=\"submit\" class=\"primary\">Filter</button> <a href=\"/jobs\">Clear</a></form>\n"
    }

    /// The filter again, for "all that match" and for the way back after an action.
    private func hiddenFilter(_ filter: JobFilter, back: String) -> String {
        var html = ""
        for (name, value) in [("state", filter.state?.rawValue), ("product", filter.product), ("destination", filter.destination),
                              ("night", filter.night), ("q", filter.text)] {
            if let value { html += "<input type=\"hidden\" name=\"filter-\(name)\" value=\"\(HTML.escape(value))\">" }
        }
        return html + "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape("/jobs?" + back))\">"
    }

    /// Back to the top, and on after the last row shown (a keyset, never an offset).
    private func pager(_ filter: JobFilter, deeper: Bool, next: JobCursor?) -> String {
        var links: [String] = []
        if deeper { links.append("<a href=\"/jobs?\(HTML.escape(Self.queryString(filter)))\">← First page</a>") }
        if let next { links.append("<a href=\"/jobs?\(HTML.escape(Self.queryString(filter, after: next)))\" rel=\"next\">Older →</a>") }
        return "<nav class=\"pager\" aria-label=\"Pages\">" + links.joined() + "</nav>\n"
    }
}

/// The action buttons, on the Jobs page (for a selection) and on a job's page.
enum ActionButtons {
    static func bulk(matching count: Int) -> String {
        let all = min(count, ActionRequest.bulkCap)
        return "<div class=\"actions\"><input type=\"hidden\" name=\"seen\" value=\"\(all)\">" + buttons()
            + "<label><span><input type=\"checkbox\" name=\"all\" value=\"1\"> all \(all.formatted()) that match"
            + (count > ActionRequest.bulkCap ? " (the first \(ActionRequest.bulkCap.formatted()))" : "") + "</span></label></div>\n"
    }

    /// The actions `state` allows (all of them for a selection of unknown states); `retry`
    /// false when retrying could only fail again (invalid input).
    static func buttons(for state: QueuedJob.State? = nil, retry: Bool = true) -> String {
        var html = ""
        let offered: [(JobAction, String, [QueuedJob.State])] = [
            (.approve, "Approve", [.held]), (.retry, "Retry", [.failed, .cancelled]),
            (.retryFresh, "Retry with a fresh render", [.failed, .cancelled]), (.cancel, "Cancel", [.queued, .running, .held, .deliveryUnknown, .failed]),
            (.arrived, "It arrived", [.deliveryUnknown]),
        ]
        // "It arrived" and sending again are about one job's printer: never offered for a
        // selection whose states are not known.
        for (action, label, states) in offered where (state.map(states.contains) ?? (action != .arrived)) && (retry || !action.isRetry) {
            html += "<button type=\"submit\" name=\"action\" value=\"\(action.rawValue)\">\(label)</button>"
        }
        if state == nil || state == .held {
            html += "<label>Reason to reject<input type=\"text\" name=\"reason\" maxlength=\"500\"></label>"
                + "<button type=\"submit\" name=\"action\" value=\"reject\">Reject</button>"
        } else if state == .deliveryUnknown || state == .done {
            html += "<label>Reason to send again<input type=\"text\" name=\"reason\" maxlength=\"500\"></label>"
                + "<button type=\"submit\" name=\"action\" value=\"send-again\">Send again</button>"
        }
        return html
    }
}
