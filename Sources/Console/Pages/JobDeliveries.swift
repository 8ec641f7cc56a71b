import Foundation
import Jobs

/// A job's deliveries: each file, where it went (the URL, not only the destination's id), its
/// status, and its attempts grouped by what came of them (a failure repeated 24 times is one
/// line with ×24), then the ledger.
struct JobDeliveries {
    var ledger: [LedgerEntry]

    func render(_ report: JobReport) -> String {
        guard !report.uploads.isEmpty || !ledger.isEmpty else { return "<h2>Deliveries</h2>\n<p>Nothing sent yet.</p>\n" }
        var html = "<h2>Deliveries</h2>\n<div class=\"scroll\"><table><thead><tr><th scope=\"col\">file</th><th scope=\"col\">status</th>"
            + "<th scope=\"col\">attempts</th></tr></thead><tbody>"
        for upload in report.uploads {
            let url = upload.delivered?.url ?? upload.attempts.last(where: { $0.url != nil })?.url
            html += "<tr><td class=\"message\">\(HTML.escape(upload.file)) → \(HTML.escape(upload.destination))"
                + (url.map { "<br><code>\(HTML.escape($0))</code>" } ?? "") + "</td><td>\(Layout.chip(upload.status))"
                + (upload.delivered.map { "<br><span class=\"muted\">delivered \(HTML.escape($0.at))</span>" } ?? "")
                + "</td><td class=\"message\">\(attempts(upload))</td></tr>"
        }
        html += "</tbody></table></div>\n"
        if !ledger.isEmpty {
            html += "<p class=\"muted\">The ledger: " + ledger.map {
                "\(HTML.escape($0.file)) accepted by \(HTML.escape($0.destination)) at \(Layout.time($0.deliveredAt)) (attempt \($0.attempt))"
            }.joined(separator: "; ") + ".</p>\n"
        }
        return html
    }

    /// Consecutive attempts with the same outcome as one line: the outcome, how many, the
    /// first and last time.
    private func attempts(_ upload: JobReport.Upload) -> String {
        var groups: [(outcome: String, count: Int, first: String?, last: String?)] = []
        for attempt in upload.attempts {
            let outcome = (attempt.httpStatus.map { "HTTP \($0)" } ?? (attempt.error == nil ? "written" : "no answer"))
                + (attempt.error.map { " — \($0)" } ?? "")
            if let last = groups.last, last.outcome == outcome {
                groups[groups.count - 1].count += 1
                groups[groups.count - 1].last = attempt.at
            } else {
                groups.append((outcome, 1, attempt.at, attempt.at))
            }
        }
        return groups.map { group in
            HTML.escape(group.outcome) + (group.count > 1 ? " <strong>×\(group.count)</strong>" : "")
                + (group.first.map { " (\(HTML.escape($0))" + (group.count > 1 ? " … \(HTML.escape(group.last ?? ""))" : "") + ")" } ?? "")
        }.joined(separator: "<br>")
    }
}
