import Diagnostics
import Foundation
import Jobs

/// The top of a job's page, for the operator's first question: what the book is, what
/// happened (every problem of a failure, the stage it stopped at, the log's last lines) and
/// what can be done about it.
struct JobSummary {
    var job: QueuedJob
    var report: JobReport?
    var logTail: String?

    /// A failure of the order or its export: the same input fails the same way, so Retry is
    /// not offered (the Night page decides by the same rule).
    var isInvalidInput: Bool { FailedOnInput.decides(state: job.state, lastError: job.lastError) }

    func book() -> String {
        let facts = OrderFacts(job.order)
        var items: [String] = []
        if let title = facts.title { items.append("<dt>Title</dt><dd class=\"long\">\(HTML.escape(title))</dd>") }
        if let author = facts.author { items.append("<dt>Author</dt><dd class=\"long\">\(HTML.escape(author))</dd>") }
        let product = report?.product.map { "\($0.name) (\($0.id))" } ?? facts.product
        if let product { items.append("<dt>Product</dt><dd class=\"long\">\(HTML.escape(product))</dd>") }
        if let destination = facts.destination { items.append("<dt>Destination</dt><dd class=\"long\">\(HTML.escape(destination))</dd>") }
        return items.isEmpty ? "" : "<dl class=\"facts\">" + items.joined() + "</dl>\n"
    }

    func whatHappened() -> String {
        guard [.failed, .held, .cancelled, .deliveryUnknown].contains(job.state) else { return "" }
        var html = "<section class=\"what\" aria-labelledby=\"what\"><h2 id=\"what\">What happened</h2>\n"
        if let failure = report?.error {
            html += "<p><code>\(HTML.escape(failure.code))</code> \(HTML.escape(failure.message)) (stage: \(HTML.escape(job.stage)))</p>\n"
            if !failure.details.isEmpty {
                html += "<ol class=\"problems\">" + failure.details.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ol>\n"
            }
        } else if let why = job.lastError {
            html += "<p>\(HTML.escape(why)) (stage: \(HTML.escape(job.stage)))</p>\n"
        }
        html += "<p><strong>What to do:</strong> \(advice())</p>\n"
        if let logTail, job.state == .failed {
            html += "<h3>The end of job.log</h3>\n<pre class=\"log\" tabindex=\"0\">\(HTML.escape(logTail))</pre>\n"
        }
        return html + "</section>\n"
    }

    private func advice() -> String {
        switch job.state {
        case .held: return "look at the findings below, then approve the book (its verified files are delivered) or reject it with a reason."
        case .cancelled: return "retry it if it should still be made."
        case .deliveryUnknown:
            let copies = report?.uploads.filter { $0.status == "unknown" }.map(\.file) ?? []
            return "the printer took \(copies.isEmpty ? "a file" : copies.joined(separator: ", ")) whole and never answered, so it may hold "
                + "1 copy of each. Nothing is sent again on its own. Ask the printer: if it has the files, say it arrived; if not, "
                + "send them again with a reason (recorded as a deliberate copy)."
        default:
            if isInvalidInput {
                return "fix what is listed above in the order or its export and send the order again; retrying the same input fails the same way."
            }
            if report?.error?.code == FailureCode.crashed.name || job.lastError?.contains("job.log") == true {
                return "read the log below; retry once the cause is gone (a fresh render if the files themselves may be wrong)."
            }
            return "retry (a delivery that failed is tried again; verified files are reused)."
        }
    }
}
