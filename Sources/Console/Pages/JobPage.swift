import Foundation
import Jobs

/// `/jobs/ID`: where the job stands and why; the cover; each finding beside the thumbnail of
/// its page; outputs with pages, bytes and SHA-256; stages and timings; every delivery attempt;
/// the events; and every interior page as a thumbnail, loaded as it scrolls into view.
struct JobPage {
    var queue: QueueDriver
    var files: JobFiles
    var layout: Layout

    func render(_ job: QueuedJob, notice: String?) throws -> String {
        let report = try files.report(job.id)
        let id = HTML.escape(job.id)
        let base = "/jobs/\(id)/files/"
        var body = "<h1>Order \(id) \(Layout.chip(job.state.rawValue, id: job.id))</h1>\n"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += "<p>Stage: \(HTML.escape(job.stage)) · attempt \(job.attempts) · queued \(Layout.time(job.createdAt))"
            + (job.approvedBy.map { " · approved by \(HTML.escape($0))" } ?? "") + "</p>\n"
        if let why = job.lastError { body += "<p><strong>Why:</strong> \(HTML.escape(why))</p>\n" }
        if layout.identity.role == .operator {
            body += "<form method=\"post\" action=\"/actions\" class=\"actions\">\(layout.csrfField())"
                + "<input type=\"hidden\" name=\"id\" value=\"\(id)\"><input type=\"hidden\" name=\"back\" value=\"/jobs/\(id)\">"
                + ActionButtons.buttons(for: job.state) + "</form>\n"
        }
        guard let report else { return layout.page(title: "Order \(job.id)", body: body + "<p>No report yet.</p>") }
        let pages = report.outputs.first { $0.kind == "interior" }?.pages ?? 0
        let thumbnails = files.hasThumbnails(job.id)
        if files.exists(job.id, "preview-cover.png") {
            body += "<h2>Cover</h2>\n<img class=\"cover\" src=\"\(base)preview-cover.png\" alt=\"The cover of order \(id)\">\n"
        }
        body += findings(report, base: base, thumbnails: thumbnails)
        body += outputs(report, base: base)
        body += stages(report)
        body += try deliveries(job.id, report: report)
        body += try events(job.id)
        if thumbnails, pages > 0 {
            body += "<h2>Pages</h2>\n<div class=\"grid\">"
            for page in 1...pages {
                body += "<figure id=\"page-\(page)\"><img class=\"thumb\" loading=\"lazy\" src=\"\(base)page-\(page).jpg\" "
                    + "alt=\"Page \(page)\" width=\"148\" height=\"210\"><figcaption>\(page)</figcaption></figure>"
            }
            body += "</div>\n"
        }
        return layout.page(title: "Order \(job.id)", body: body)
    }

    private func findings(_ report: JobReport, base: String, thumbnails: Bool) -> String {
        guard !report.preflight.isEmpty else { return "<h2>Preflight</h2>\n<p>No findings.</p>\n" }
        var html = "<h2>Preflight</h2>\n"
        for finding in report.preflight {
            html += "<div class=\"finding\">"
            if let page = finding.page, thumbnails {
                html += "<a href=\"#page-\(page)\"><img class=\"thumb\" loading=\"lazy\" src=\"\(base)page-\(page).jpg\" "
                    + "alt=\"Page \(page), where this was found\" width=\"148\" height=\"210\"></a>"
            }
            html += "<div><p><span class=\"chip sev-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
                + "<code>\(HTML.escape(finding.code))</code></p><p>\(HTML.escape(finding.message))</p><p class=\"muted\">"
                + (finding.page.map { "<a href=\"#page-\($0)\">page \($0)</a>" } ?? "no page")
                + (finding.entry.map { " · entry \(HTML.escape($0))" } ?? "") + "</p></div></div>\n"
        }
        return html
    }

    private func outputs(_ report: JobReport, base: String) -> String {
        guard !report.outputs.isEmpty else { return "" }
        var html = "<h2>Outputs</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">file</th><th scope=\"col\">pages</th>"
            + "<th scope=\"col\">bytes</th><th scope=\"col\">SHA-256</th></tr></thead><tbody>"
        for output in report.outputs {
            html += "<tr><td><a href=\"\(base)\(HTML.escape(output.file))\" download>\(HTML.escape(output.file))</a></td>"
                + "<td>\(output.pages.map(String.init) ?? "—")</td><td>\(output.bytes.formatted())</td>"
                + "<td><code>\(HTML.escape(output.sha256))</code></td></tr>"
        }
        return html + "</tbody></table></div>\n<p><a href=\"\(base)report.json\">report.json</a> · "
            + "<a href=\"\(base)report.html\">report.html</a></p>\n"
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

    private func deliveries(_ id: String, report: JobReport) throws -> String {
        let ledger = try queue.deliveries(id)
        guard !report.uploads.isEmpty || !ledger.isEmpty else { return "<h2>Deliveries</h2>\n<p>Nothing sent yet.</p>\n" }
        var html = "<h2>Deliveries</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">file</th><th scope=\"col\">status</th>"
            + "<th scope=\"col\">attempts</th></tr></thead><tbody>"
        for upload in report.uploads {
            let attempts = upload.attempts.map { attempt in
                "job attempt \(attempt.jobAttempt.map(String.init) ?? "?"): " + (attempt.httpStatus.map { "HTTP \($0)" } ?? (attempt.error == nil ? "written" : "no answer"))
                    + (attempt.error.map { " — \(HTML.escape($0))" } ?? "") + " (\(attempt.bytesSent.formatted()) bytes"
                    + (attempt.at.map { ", \(HTML.escape($0))" } ?? "") + ")"
            }.joined(separator: "<br>")
            html += "<tr><td>\(HTML.escape(upload.file)) → \(HTML.escape(upload.destination))</td><td>\(Layout.chip(upload.status))"
                + (upload.delivered.map { "<br><span class=\"muted\">delivered \(HTML.escape($0.at))</span>" } ?? "")
                + "</td><td class=\"message\">\(attempts)</td></tr>"
        }
        html += "</tbody></table></div>\n"
        if !ledger.isEmpty {
            html += "<p class=\"muted\">The ledger: " + ledger.map {
                "\(HTML.escape($0.file)) accepted by \(HTML.escape($0.destination)) at \(Layout.time($0.deliveredAt)) (attempt \($0.attempt))"
            }.joined(separator: "; ") + ".</p>\n"
        }
        return html
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
