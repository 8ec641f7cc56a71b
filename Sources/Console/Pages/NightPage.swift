import Diagnostics
import Foundation
import Jobs

/// `/`: the latest night at a glance — counts by state, books, pages, time taken, warnings;
/// what needs a person first (delivery unknown, held, then failed and not rejected, each with its reason and its
/// buttons); the latest batch report; the 14 nights before.
struct NightPage {
    var queue: ConsoleCatalog & ReportArchive & IntakeLog & PauseStore
    var layout: Layout
    /// The configuration's destinations, which an operator may pause.
    var destinations: [String] = []

    static let states: [QueuedJob.State] = [.deliveryUnknown, .held, .failed, .running, .queued, .done, .cancelled]

    /// `notice`: what the operator's last action did (the Needs attention buttons come back here).
    func render(notice: String? = nil) throws -> String {
        let nights = try queue.nights(limit: 15)
        guard let latest = nights.first else {
            var body = "<h1>No nights yet</h1>\n"
            if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
            return layout.page(title: "Night", body: body + "<p>The queue holds no jobs.</p>\n" + (try pauses()))
        }
        var body = "<h1>Night of \(HTML.escape(latest.night))</h1>\n"
        if let notice { body += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>\n" }
        body += try pauses()
        body += "<p class=\"muted\" id=\"updated\" aria-live=\"polite\"></p>\n"
        body += "<ul class=\"counts\" aria-label=\"Jobs by state\">"
        for state in Self.states {
            body += "<li><strong data-count=\"\(state.rawValue)\">\(latest.counts[state.rawValue] ?? 0)</strong>"
                + "<a href=\"/jobs?night=\(latest.night)&amp;state=\(state.rawValue)\">\(state.rawValue)</a></li>"
        }
        body += "</ul>\n"
        body += "<p>\(latest.books) book\(latest.books == 1 ? "" : "s"), \(latest.pages) pages, \(latest.warnings) warning"
            + "\(latest.warnings == 1 ? "" : "s")\(took(latest).map { ", \($0) from the first order to the last book" } ?? "").</p>\n"
        body += try attention(latest.night)
        body += try refused()
        body += try latestBatch()
        body += history(Array(nights.dropFirst()))
        return layout.page(title: "Night \(latest.night)", body: body, poll: "/api/night")
    }

    /// What is paused, by whom and why, each with its Resume button; and, for an operator, a
    /// form to pause intake or one printer.
    private func pauses() throws -> String {
        let paused = try queue.pauses()
        let acts = layout.identity.role == .operator
        var html = ""
        if !paused.isEmpty {
            html += "<h2>Paused</h2>\n<ul class=\"paused\">"
            for pause in paused {
                html += "<li><strong>\(HTML.escape(pause.target.description))</strong> by \(HTML.escape(pause.pausedBy)), "
                    + "\(Layout.duration(max(0, Date().timeIntervalSince1970 - pause.at))) ago: \(HTML.escape(pause.reason))"
                if acts {
                    html += "<form method=\"post\" action=\"/pauses\">\(layout.csrfField())<input type=\"hidden\" name=\"action\" value=\"resume\">"
                        + "<input type=\"hidden\" name=\"target\" value=\"\(HTML.escape(pause.target.description))\"><button type=\"submit\">Resume</button></form>"
                }
                html += "</li>"
            }
            html += "</ul>\n"
        }
        guard acts else { return html }
        let running = (["intake"] + destinations.map { "destination:\($0)" }).filter { name in !paused.contains { $0.target.description == name } }
        guard !running.isEmpty else { return html }
        html += "<details class=\"pause\"><summary>Pause intake or a printer</summary><form method=\"post\" action=\"/pauses\">"
            + "\(layout.csrfField())<input type=\"hidden\" name=\"action\" value=\"pause\"><label>What<select name=\"target\">"
            + running.map { "<option value=\"\(HTML.escape($0))\">\(HTML.escape($0))</option>" }.joined()
            + "</select></label><label>Why<input type=\"text\" name=\"reason\" maxlength=\"500\" required></label>"
            + "<button type=\"submit\">Pause</button></form></details>\n"
        return html
    }

    private func took(_ night: NightRow) -> String? {
        night.lastFinishedAt.map { Layout.duration(max(0, $0 - night.firstQueuedAt)) }
    }

    /// Jobs whose delivery is unknown, held jobs, then failed ones that no one has rejected,
    /// with why and what can be done.
    private func attention(_ night: String) throws -> String {
        var rows: [JobRow] = []
        for state in [QueuedJob.State.deliveryUnknown, .held, .failed] {
            rows += try queue.listJobs(JobFilter(state: state, night: night), limit: 50, offset: 0)
                .filter { !Self.wasRejected($0) }
        }
        guard !rows.isEmpty else { return "<h2>Needs attention</h2>\n<p>Nothing is held, failed or waiting for a word on its delivery.</p>\n" }
        let acts = layout.identity.role == .operator
        var html = "<h2>Needs attention <span class=\"muted\" id=\"attention-count\">(\(rows.count))</span></h2>\n"
            + "<div class=\"scroll\"><table><thead><tr><th scope=\"col\">order</th><th scope=\"col\">state</th><th scope=\"col\">why</th>"
            + (acts ? "<th scope=\"col\">do</th>" : "") + "</tr></thead><tbody>"
        for row in rows {
            html += "<tr><td><a href=\"/jobs/\(HTML.escape(row.id))\">\(HTML.escape(row.id))</a><br><span class=\"muted\">"
                + "\(HTML.escape(row.title ?? ""))</span></td><td>\(Layout.chip(row.state.rawValue, id: row.id))</td>"
                + "<td class=\"reason\">\(HTML.escape(row.lastError ?? ""))</td>"
            if acts {
                html += "<td><form method=\"post\" action=\"/actions\" class=\"actions\">\(layout.csrfField())"
                    + "<input type=\"hidden\" name=\"id\" value=\"\(HTML.escape(row.id))\"><input type=\"hidden\" name=\"back\" value=\"/\">"
                    + ActionButtons.buttons(for: row.state, retry: !Self.failedOnInput(row)) + "</form></td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    /// Order files the hot folder refused: never jobs, so listed apart, newest first, each with
    /// its reason and its error file.
    private func refused() throws -> String {
        let count = try queue.rejectionCount()
        guard count > 0 else { return "" }
        var html = "<h2>Rejected at intake <span class=\"muted\">(\(count))</span></h2>\n<div class=\"scroll\"><table><thead><tr>"
            + "<th scope=\"col\">file</th><th scope=\"col\">order</th><th scope=\"col\">when</th><th scope=\"col\">why</th>"
            + "<th scope=\"col\">error file</th></tr></thead><tbody>"
        for rejection in try queue.rejections(limit: 10) {
            html += "<tr><td>\(HTML.escape(rejection.file))</td><td>\(HTML.escape(rejection.order ?? "–"))</td>"
                + "<td>\(Layout.time(rejection.at))</td><td class=\"reason\">\(HTML.escape(rejection.reason))</td>"
                + "<td class=\"long\"><code>\(HTML.escape(rejection.errorFile))</code></td></tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    /// A book an operator rejected is decided: it needs no one.
    static func wasRejected(_ row: JobRow) -> Bool {
        row.state == .failed && row.lastError?.hasPrefix(ReviewDecision.rejectedCode + ":") == true
    }

    static func failedOnInput(_ row: JobRow) -> Bool {
        FailedOnInput.decides(state: row.state, lastError: row.lastError)
    }

    private func latestBatch() throws -> String {
        guard let batch = try queue.batchReports(limit: 1).first,
              let summary = try? JSONDecoder().decode(BatchReport.Summary.self, from: batch.summary) else { return "" }
        let counts = summary.counts.sorted { $0.key < $1.key }.map { "\($0.value) \(HTML.escape($0.key))" }.joined(separator: ", ")
        return "<h2>Latest batch</h2>\n<p>\(HTML.escape(batch.name)): \(counts.isEmpty ? "no jobs ended" : counts).</p>\n"
    }

    private func history(_ nights: [NightRow]) -> String {
        guard !nights.isEmpty else { return "" }
        var html = "<h2>Earlier nights</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">night</th><th scope=\"col\">done</th>"
            + "<th scope=\"col\">held</th><th scope=\"col\">failed</th><th scope=\"col\">pages</th><th scope=\"col\">warnings</th>"
            + "<th scope=\"col\">time taken</th></tr></thead><tbody>"
        for night in nights {
            html += "<tr><td><a href=\"/jobs?night=\(night.night)\">\(night.night)</a></td><td>\(night.books)</td>"
                + "<td>\(night.counts["held"] ?? 0)</td><td>\(night.counts["failed"] ?? 0)</td><td>\(night.pages)</td>"
                + "<td>\(night.warnings)</td><td>\(took(night) ?? "—")</td></tr>"
        }
        return html + "</tbody></table></div>\n"
    }
}
