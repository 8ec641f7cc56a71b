import Diagnostics
import Testing
@testable import Jobs

/// A set's pages are numbered through its volumes in the console: each finding counts on its own
/// volume's page, the grid's one-pass count agrees with the page view's, and a finding of
/// another file (a cover's) is no interior page's.
@Suite struct SetPagesTests {
    static func report(volumes: Bool) -> JobReport {
        var report = JobReport(order: "set", status: .done)
        let names = volumes ? [("interior-1.pdf", 10), ("interior-2.pdf", 8)] : [("interior.pdf", 10)]
        report.outputs = names.map { JobReport.Output(kind: "interior", file: $0.0, bytes: 1, sha256: "", pages: $0.1) }
            + [JobReport.Output(kind: "cover", file: volumes ? "cover-2.pdf" : "cover.pdf", bytes: 1, sha256: "", pages: 1)]
        if volumes {
            report.volumes = names.enumerated().map { index, name in
                VolumeReport(number: index + 1, of: 2, pages: name.1, firstDay: nil, lastDay: nil, entries: 1,
                             outputs: [report.outputs[index]])
            }
        }
        let file = volumes ? "interior-2.pdf" : "interior.pdf"
        report.preflight = [
            Diagnostic(code: "photo-low-resolution", message: "\(file): a photo at 150 ppi", page: 3),
            Diagnostic(code: "photo-low-resolution", message: "\(file), object 12: another", page: 3),
            Diagnostic(code: "ink-coverage", message: "\(volumes ? "interior-1.pdf" : file): too much ink", page: 7),
            Diagnostic(code: "ink-coverage", message: "\(volumes ? "cover-2.pdf" : "cover.pdf"): too much ink", page: 1),
            Diagnostic(code: "book-in-volumes", message: "set as 2 volumes", isInformational: true),
        ]
        return report
    }

    @Test func aSetCountsEachFindingOnItsVolumesPage() {
        let report = Self.report(volumes: true)
        #expect(report.findingsPerPage == [13: 2, 7: 1], "\(report.findingsPerPage)")
        for page in 1...18 { #expect(report.findings(onPage: page).count == report.findingsPerPage[page] ?? 0, "page \(page)") }
        #expect(report.preflight.map(report.setPage(of:)) == [13, 13, 7, 1, nil])
    }

    /// Findings as this version writes them carry their file: it decides, whatever the
    /// message says; a report of an earlier night, without it, is read by the message.
    @Test func aFindingsFileDecidesItsVolume() {
        var report = Self.report(volumes: true)
        report.preflight = [
            Diagnostic(severity: .warning, code: "photo-low-resolution", message: "a photo at 150 ppi", page: 3, file: "interior-2.pdf"),
            Diagnostic(severity: .warning, code: "ink-coverage", message: "interior-2.pdf: too much ink", page: 7, file: "interior-1.pdf"),
            Diagnostic(severity: .warning, code: "ink-coverage", message: "too much ink", page: 1, file: "cover-2.pdf"),
            Diagnostic(severity: .warning, code: "ink-coverage", message: "interior-2.pdf: too much ink", page: 2),
        ]
        #expect(report.findingsPerPage == [13: 1, 7: 1, 12: 1], "\(report.findingsPerPage)")
        for page in 1...18 { #expect(report.findings(onPage: page).count == report.findingsPerPage[page] ?? 0, "page \(page)") }
        #expect(report.preflight.map(report.setPage(of:)) == [13, 7, 1, 12])
    }

    @Test func oneBooksFindingsAreAllItsOwn() {
        let report = Self.report(volumes: false)
        #expect(report.findingsPerPage == [3: 2, 7: 1, 1: 1], "\(report.findingsPerPage)")
        for page in 1...10 { #expect(report.findings(onPage: page).count == report.findingsPerPage[page] ?? 0, "page \(page)") }
    }
}
