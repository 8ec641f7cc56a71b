import Diagnostics
import Foundation

/// A rejected book's report says so: failed, with the operator's reason, wherever the report
/// is read (the queue's copy for every host, the job folder's where this host has it).
enum ReviewReport {
    static func recordRejection(of id: String, by actor: String, reason: String, queue: ReportArchive, config: FolioConfig) throws {
        guard let data = try queue.jobFile(job: id, name: "report.json"),
              var report = try? JSONDecoder().decode(JobReport.self, from: data) else { return }
        report.status = .failed
        report.error = .init(code: ReviewDecision.rejectedCode, message: "rejected by \(actor): \(reason)", details: [])
        report.review = .init(policy: report.review?.policy ?? ReviewPolicy.always.rawValue, state: .rejected,
                              reason: reason, by: actor, at: ISO8601DateFormatter().string(from: Date()))
        let folder = config.jobs.appendingPathComponent(id)
        let encoded = try report.encoded()
        try queue.storeJobFile(job: id, name: "report.json", data: encoded)
        try queue.storeJobFile(job: id, name: "report.html", data: Data(try JobReportPage.html(report, folder: folder).utf8))
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path) {
            try AtomicFile.write(encoded, to: folder.appendingPathComponent("report.json"))
            try JobReportPage.write(report, folder: folder, config: config)
        }
    }
}
