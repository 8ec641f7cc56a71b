import Foundation
import Jobs

/// `/jobs/ID/pages/N`: one interior page large enough to judge (drawn from the verified PDF),
/// the findings on it, and the way to the pages beside it and back to the job.
struct PageView {
    var layout: Layout

    func render(_ job: QueuedJob, report: JobReport, page: Int, of pages: Int) -> String {
        let id = HTML.escape(job.id)
        var nav = "<nav class=\"pager\" aria-label=\"Pages\"><a href=\"/jobs/\(id)#page-\(page)\">Back to order \(id)</a>"
        if page > 1 { nav += " · <a href=\"/jobs/\(id)/pages/\(page - 1)\" rel=\"prev\">Page \(page - 1)</a>" }
        if page < pages { nav += " · <a href=\"/jobs/\(id)/pages/\(page + 1)\" rel=\"next\">Page \(page + 1)</a>" }
        nav += "</nav>\n"
        var body = "<h1>Order \(id), page \(page) of \(pages)</h1>\n" + nav
        let here = report.findings(onPage: page)
        if !here.isEmpty {
            body += "<h2>Findings on this page</h2>\n<ul class=\"problems\">"
            for finding in here {
                body += "<li><span class=\"chip sev-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
                    + "<code>\(HTML.escape(finding.code))</code> \(HTML.escape(finding.message))</li>"
            }
            body += "</ul>\n"
        }
        body += "<img class=\"page-large\" src=\"/jobs/\(id)/files/page-\(page)-large.jpg\" alt=\"Page \(page) of order \(id)\">\n"
        return layout.page(title: "Order \(job.id), page \(page)", body: body)
    }
}
