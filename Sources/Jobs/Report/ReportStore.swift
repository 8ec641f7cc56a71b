import Import
import Foundation

/// Copies a job's report and previews into the queue, where `folio status`, `folio report`
/// and an operator on any host find them (job folders stay on the host that ran the job).
public enum ReportStore {
    /// The operator's pictures beside the report (the cover, the first two spreads).
    public static let previews = ["preview-cover.png", "preview-spread-1.png", "preview-spread-2.png"]
    /// Every file published with a job: its reports and the previews.
    public static let names = ["report.json", "report.html"] + previews

    static func publish(job: String, folder: URL, queue: ReportArchive & ConsoleCatalog) throws {
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            try queue.storeJobFile(job: job, name: name, data: data)
            if name == "report.json", let report = try? JSONDecoder().decode(JobReport.self, from: data) {
                try queue.recordOutcome(id: job, pages: report.interiorPages,
                                        warnings: report.preflight.filter { $0.severity == .warning }.count)
            }
        }
    }
}
