import Foundation
import Prepress
import Render

/// One job, start to finish: load → resolve → render → verify → report. Never throws:
/// every outcome, good or bad, is a report, so one bad order cannot stop a batch.
public struct Pipeline: Sendable {
    public var config: FolioConfig

    public init(config: FolioConfig) {
        self.config = config
    }

    public func run(orderData: Data, orderFile: String, into folder: URL) -> JobReport {
        var report = JobReport(order: Self.orderID(in: orderData) ?? URL(fileURLWithPath: orderFile).deletingPathExtension().lastPathComponent,
                               status: .done)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try work(orderData: orderData, orderFile: orderFile, folder: folder, report: &report)
        } catch let error as JobError {
            report.status = if case .rejected = error { .rejected } else { .failed }
            report.error = error.failure
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: "io-error", message: "\(error)", details: [])
        }
        do {
            try AtomicFile.write(try report.encoded(), to: folder.appendingPathComponent("report.json"))
        } catch {
            report.status = .failed
            report.error = JobReport.Failure(code: "report-not-written", message: "\(error)", details: [])
        }
        return report
    }

    private func work(orderData: Data, orderFile: String, folder: URL, report: inout JobReport) throws {
        var clock = StageClock()
        let input: JobInput
        do {
            input = try JobInput.load(orderData: orderData, orderFile: orderFile, config: config)
        } catch {
            throw JobError.rejected(error)
        }
        report.order = input.order.id
        let resolved = Resolver.resolve(order: input.order, journal: input.journal)
        report.entries = .init(included: resolved.book.entries.count, archivedExcluded: resolved.archivedExcluded)
        clock.lap("resolve", into: &report)

        for output in input.order.outputs where output != .interior {
            throw JobError.failed(code: "output-not-available",
                                  message: "output \"\(output.rawValue)\" cannot be made by this version of Folio yet; order only \"interior\"")
        }
        let interior = try InteriorStage(product: input.product, configFolder: config.folder).run(resolved.book, into: folder)
        report.preflight += interior.notices.map {
            JobReport.Finding(severity: .warning, code: $0.code, message: $0.message, entry: $0.entry, page: $0.page)
        }
        clock.lap("render", into: &report)

        let digest = try SHA256.hex(ofFile: interior.file)
        report.outputs.append(.init(kind: "interior", file: interior.file.lastPathComponent, bytes: digest.bytes,
                                    sha256: digest.digest, pages: interior.pages))
        clock.lap("verify", into: &report)
        report.timingsMS["upload"] = 0
    }

    /// The order id, read leniently so that even a rejected order's report is named right.
    static func orderID(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = object["id"] as? String, Order.isValidIdentifier(id) else { return nil }
        return id
    }
}

/// Milliseconds spent in each stage.
struct StageClock {
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String, into report: inout JobReport) {
        let now = ContinuousClock.now
        let elapsed = now - last
        report.timingsMS[stage] = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        last = now
    }
}
