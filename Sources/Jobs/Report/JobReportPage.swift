import Diagnostics
import Foundation

/// `report.html`: the job report for an operator, readable on a phone, self-contained but
/// for the preview picture beside it.
enum JobReportPage {
    static func write(_ report: JobReport, folder: URL, config: FolioConfig) throws {
        try AtomicFile.write(Data(try html(report, folder: folder).utf8), to: folder.appendingPathComponent("report.html"))
    }

    static func html(_ report: JobReport, folder: URL) throws(SharedFileError) -> String {
        var body = "<h1>Order \(HTML.escape(report.order)) <span class=\"status \(report.status.rawValue)\">\(report.status.rawValue)</span></h1>\n"
        body += "<p class=\"muted\">Attempt \(report.attempts) · \(report.entries.included) entries included, \(report.entries.archivedExcluded) archived left out</p>\n"
        if let product = report.product {
            body += "<p class=\"muted\">For \(HTML.escape(product.name)) · colour: \(HTML.escape(product.outputCondition))</p>\n"
        }
        if let error = report.error {
            body += "<h2>Why it did not finish</h2>\n<p><strong>\(HTML.escape(error.code))</strong>: \(HTML.escape(error.message))</p>\n"
            if !error.details.isEmpty { body += "<ul>" + error.details.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>\n" }
        }
        if let review = report.review {
            body += "<h2>Review</h2>\n<p><strong>\(review.state.rawValue)</strong>"
                + (review.by.map { " by \(HTML.escape($0))" } ?? "") + (review.at.map { " at \(HTML.escape($0))" } ?? "")
                + (review.reason.map { ": \(HTML.escape($0))" } ?? "") + "</p>\n"
        }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("preview-cover.png").path) {
            body += "<h2>Cover</h2>\n<img class=\"preview\" src=\"preview-cover.png\" alt=\"Cover of order \(HTML.escape(report.order))\">\n"
        }
        let spreads = (1...2).map { "preview-spread-\($0).png" }.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !spreads.isEmpty {
            body += "<h2>First spreads</h2>\n" + spreads.map { "<img class=\"spread\" src=\"\($0)\" alt=\"A spread of the interior\">" }.joined(separator: "\n") + "\n"
        }
        body += "<h2>Stages</h2>\n<table><tr><th>stage</th><th>time</th></tr>"
        let stages = report.stages.isEmpty ? ["resolve", "render", "verify", "upload"].map { JobReport.StageRun(stage: $0, status: .ran, attempt: report.attempts) }
            : report.stages
        for stage in stages {
            let time = stage.status == .reused ? "reused from attempt \(stage.attempt)" : report.timingsMS[stage.stage].map { "\($0) ms" } ?? "—"
            body += "<tr><td>\(stage.stage)</td><td>\(time)</td></tr>"
        }
        body += "</table>\n<h2>Outputs</h2>\n<table><tr><th>file</th><th>pages</th><th>bytes</th><th>SHA-256</th></tr>"
        for output in report.outputs {
            body += "<tr><td><a href=\"\(HTML.escape(output.file))\">\(HTML.escape(output.file))</a></td><td>\(output.pages.map(String.init) ?? "—")</td>"
            body += "<td>\(output.bytes)</td><td><code>\(output.sha256)</code></td></tr>"
        }
        body += "</table>\n<h2>Preflight</h2>\n"
        if report.preflight.isEmpty { body += "<p class=\"muted\">Nothing to report.</p>\n" }
        for severity in [Diagnostic.Severity.error, .warning, .info] {
            let findings = report.preflight.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            body += "<p><span class=\"status \(severity.rawValue)\">\(findings.count) \(severity.rawValue)\(findings.count == 1 ? "" : "s")</span></p>\n"
            body += "<table><tr><th>code</th><th>entry</th><th>page</th><th>message</th></tr>"
            for finding in findings {
                body += "<tr><td>\(HTML.escape(finding.code))</td><td>\(HTML.escape(finding.entry ?? ""))</td>"
                body += "<td>\(finding.page.map(String.init) ?? "")</td><td>\(HTML.escape(finding.message))</td></tr>"
            }
            body += "</table>\n"
        }
        body += "<h2>Uploads</h2>\n"
        if report.uploads.isEmpty { body += "<p class=\"muted\">Nothing was sent.</p>\n" } else {
            // Three narrow columns, so the table fits a phone: the destination and the ledger's
            // time go under the status.
            body += "<table><tr><th>file</th><th>status</th><th>requests (#attempt)</th></tr>"
            for upload in report.uploads {
                let attempts = upload.attempts.map { attempt in
                    let outcome = [attempt.httpStatus.map { "HTTP \($0)" }, attempt.error.map(HTML.escape), "\(attempt.bytesSent) B"]
                    return (attempt.jobAttempt.map { "#\($0): " } ?? "") + outcome.compactMap { $0 }.joined(separator: ", ")
                }.joined(separator: "<br>")
                var status = "<span class=\"status \(upload.status == "failed" ? "failed" : "done")\">\(HTML.escape(upload.status))</span>"
                status += "<br><span class=\"muted\">to \(HTML.escape(upload.destination))</span>"
                if let note = upload.note { status += "<br><span class=\"muted\">\(HTML.escape(note))</span>" }
                if let delivered = upload.delivered, upload.status != "skipped" {
                    let time = delivered.at.split(separator: "T").last.map { String($0.prefix(8)) + " UTC" } ?? delivered.at
                    status += "<br><span class=\"muted\">at \(HTML.escape(time))" + (delivered.responseID.map { " as \(HTML.escape($0))" } ?? "") + "</span>"
                }
                body += "<tr><td>\(HTML.escape(upload.file))</td><td>\(status)</td><td>\(attempts)</td></tr>"
            }
            body += "</table>\n"
        }
        return try HTML.page(title: "Folio — \(report.order)", body: body)
    }
}
