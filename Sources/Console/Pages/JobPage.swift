import Foundation
import Jobs

/// `/jobs/ID`: where the job stands and why; the cover; each finding beside the thumbnail of
/// its page; outputs with pages, bytes and SHA-256; stages and timings; every delivery attempt;
/// the events; and every interior page as a thumbnail, loaded as it scrolls into view.
struct JobPage {
    var queue: JobStore & DeliveryLedger
    var files: JobFiles
    var layout: Layout

    func render(_ job: QueuedJob, notice: String?) throws -> String {
        let report = try files.report(job.id)
        let summary = JobSummary(job: job, report: report, logTail: job.state == .failed ? files.logTail(job.id) : nil)
        let id = HTML.escape(job.id)
        let base = "/jobs/\(id)/files/"
        var body = "<h1>Order \(id) \(Layout.chip(job.state.rawValue, id: job.id))</h1>\n"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += summary.book()
        body += "<p>Stage: \(HTML.escape(job.stage)) · attempt \(job.attempts) · queued \(Layout.time(job.createdAt))"
            + " · last change \(Layout.time(job.updatedAt))"
            + (job.approvedBy.map { " · approved by \(HTML.escape($0))" } ?? "") + "</p>\n"
        let happened = summary.whatHappened()
        if happened.isEmpty, let why = job.lastError { body += "<p><strong>Why:</strong> \(HTML.escape(why))</p>\n" }
        body += happened
        if layout.identity.role == .operator {
            let buttons = ActionButtons.buttons(for: job.state, retry: !summary.isInvalidInput)
            if !buttons.isEmpty {
                body += "<form method=\"post\" action=\"/actions\" class=\"actions\">\(layout.csrfField())"
                    + "<input type=\"hidden\" name=\"id\" value=\"\(id)\"><input type=\"hidden\" name=\"back\" value=\"/jobs/\(id)\">"
                    + buttons + "</form>\n"
            }
        }
        let poll = "/api/jobs/" + job.id
        guard let report else { return layout.page(title: "Order \(job.id)", body: body + "<p>No report yet.</p>", poll: poll) }
        let pages = report.interiorPages ?? 0
        let thumbnails = files.hasThumbnails(job.id)
        if files.exists(job.id, "preview-cover.png") {
            body += "<h2>Cover</h2>\n<img class=\"cover\" src=\"\(base)preview-cover.png\" alt=\"The cover of order \(id)\">\n"
        }
        body += findings(report, base: base, thumbnails: thumbnails)
        body += outputs(report, base: base)
        body += stages(report)
        body += JobDeliveries(ledger: try queue.deliveries(job.id)).render(report)
        body += try events(job.id)
        if thumbnails, pages > 0 {
            body += "<h2>Pages</h2>\n<p class=\"muted\">Pages with findings are outlined.</p>\n"
            // A set of volumes shows each volume's pages under its name, numbered as printed.
            let volumes = report.volumes ?? []
            let flagged = report.findingsPerPage
            var number = 0
            for volume in volumes.isEmpty ? [nil] : volumes.map(Optional.some) {
                if let volume { body += "<h3>Volume \(volume.number) of \(volume.of) · \(volume.pages) pages</h3>\n" }
                body += "<div class=\"grid\">"
                for page in 1...(volume?.pages ?? pages) {
                    number += 1
                    let count = flagged[number] ?? 0
                    let caption = count > 0 ? "\(page) · \(count) finding\(count == 1 ? "" : "s")" : "\(page)"
                    body += "<figure id=\"page-\(number)\"\(count > 0 ? " class=\"flagged\"" : "")><a href=\"/jobs/\(id)/pages/\(number)\">"
                        + "<img class=\"thumb\" loading=\"lazy\" src=\"\(base)page-\(number).jpg\" alt=\"Page \(page)\(count > 0 ? ", with findings" : "")\" "
                        + "width=\"148\" height=\"210\"></a><figcaption>\(caption)</figcaption></figure>"
                }
                body += "</div>\n"
            }
        }
        return layout.page(title: "Order \(job.id)", body: body, poll: poll)
    }

    private func findings(_ report: JobReport, base: String, thumbnails: Bool) -> String {
        guard !report.preflight.isEmpty else { return "<h2>Preflight</h2>\n<p>No findings.</p>\n" }
        var html = "<h2>Preflight</h2>\n"
        for finding in report.preflight {
            html += "<div class=\"finding\">"
            // In a set the grid numbers pages through the volumes; the text says the printed page.
            let place = report.setPage(of: finding)
            if let page = finding.page, let place, thumbnails {
                html += "<a href=\"#page-\(place)\"><img class=\"thumb\" loading=\"lazy\" src=\"\(base)page-\(place).jpg\" "
                    + "alt=\"Page \(page), where this was found\" width=\"148\" height=\"210\"></a>"
            }
            html += "<div><p><span class=\"chip sev-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
                + "<code>\(HTML.escape(finding.code))</code></p><p>\(HTML.escape(finding.message))</p><p class=\"muted\">"
                + (finding.page.map { "<a href=\"#page-\(place ?? $0)\">page \($0)</a>" } ?? "no page")
                + (finding.entry.map { " · entry \(HTML.escape($0))" } ?? "") + "</p></div></div>\n"
        }
        return html
    }

    private func outputs(_ report: JobReport, base: String) -> String {
        let links = "<p><a href=\"\(base)report.json\">report.json</a> · <a href=\"\(base)report.html\">report.html</a></p>\n"
        guard !report.outputs.isEmpty else { return "<h2>Outputs</h2>\n<p>None were made.</p>\n" + links }
        var html = "<h2>Outputs</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">file</th><th scope=\"col\">pages</th>"
            + "<th scope=\"col\">bytes</th><th scope=\"col\">SHA-256</th></tr></thead><tbody>"
        for output in report.outputs {
            html += "<tr><td><a href=\"\(base)\(HTML.escape(output.file))\" download>\(HTML.escape(output.file))</a></td>"
                + "<td>\(output.pages.map(String.init) ?? "—")</td><td>\(output.bytes.formatted())</td>"
                + "<td><code>\(HTML.escape(output.sha256))</code></td></tr>"
        }
        return html + "</tbody></table></div>\n" + links
    }

    private func stages(_ report: JobReport) -> String {
        var html = "<h2>Stages</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">stage</th><th scope=\"col\">how</th>"
            + "<th scope=\"col\">time</th></tr></thead><tbody>"
        for stage in report.stages {
            let time = stage.status == .reused ? "—" : report.timingsMS[stage.stage].map { "\($0.formatted()) ms" } ?? "—"
            html += "<tr><td>\(HTML.escape(stage.stage))</td><td>\(stage.status.rawValue) in attempt \(stage.attempt)</td><td>\(time)</td></tr>"
        }
        let others = report.timingsMS.keys.filter { key in !report.stages.contains { $0.stage == key } }.sorted()
        for key in others {
            html += "<tr><td>\(HTML.escape(key))</td><td>part of the above</td><td>\((report.timingsMS[key] ?? 0).formatted()) ms</td></tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    private func events(_ id: String) throws -> String {
        var html = "<h2>Events</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">when</th><th scope=\"col\">event</th>"
            + "<th scope=\"col\">by</th><th scope=\"col\">detail</th></tr></thead><tbody>"
        for event in try queue.events(id) {
            html += "<tr><td>\(Layout.time(event.at))</td><td>\(HTML.escape(event.event))</td><td>\(HTML.escape(event.by ?? ""))</td>"
                + "<td class=\"message\">\(HTML.escape(event.detail ?? ""))</td></tr>"
        }
        return html + "</tbody></table></div>\n"
    }
}
