import Import
import Diagnostics
import Foundation
import Prepress
import Render

/// The first stages: the order and its export read (a failure here rejects the order), then
/// resolved into the book's entries with every word and photo accounted for.
extension Pipeline {
    func load(orderData: Data, orderFile: String, scratch: URL, report: inout JobReport) throws -> JobInput {
        let input: JobInput
        do {
            input = try JobInput.load(orderData: orderData, orderFile: orderFile, config: config, scratch: scratch)
        } catch {
            throw JobError.rejected(error)
        }
        report.order = input.order.id
        report.product = .init(id: input.product.id, name: input.product.name, outputCondition: input.product.outputColour.name)
        return input
    }

    func resolve(_ input: JobInput, report: inout JobReport) throws -> ResolvedBook {
        let resolved = Resolver.resolve(order: input.order, journal: input.journal)
        report.entries = .init(included: resolved.book.entries.count, archivedExcluded: resolved.archivedExcluded)
        var accounting = resolved.accounting
        if let imported = input.imported {
            // What the export was read as, and what of it has no place in a book.
            report.preflight.append(.init(severity: .info, code: .exportFormat,
                                          message: "read as \(imported.format.label)\(imported.detected ? " (detected)" : "")"
                                              + (imported.assumedTimeZone.map { ", local times in \($0)" } ?? ""), entry: nil, page: nil))
            report.preflight += imported.notices.map(Self.finding)
            let printedIDs = Set(resolved.book.entries.map(\.id))
            accounting.add(missingPhotos: imported.notices.filter { $0.carries(.importPhotoMissing) && printedIDs.contains($0.entry ?? "") }.count,
                           attachments: imported.attachments,
                           omissions: imported.notices.filter { Accounting.omissionCodes.contains(where: $0.carries) }
                               .map { .init(entry: $0.entry, code: $0.code, message: $0.message) })
            accounting.add(skipped: imported.skipped)
        }
        report.preflight += accounting.omissions.filter { $0.code == DiagnosticCode.entryEmpty.name }
            .map { .init(severity: .info, code: $0.code, message: "not printed: \($0.message)", entry: $0.entry, page: nil) }
        report.accounting = accounting
        // A book with nothing in it is never made, let alone sent.
        guard !resolved.book.entries.isEmpty else {
            throw JobError.failed(code: .nothingToPrint, message: NothingToPrint.message(input: input, accounting: accounting))
        }
        return resolved
    }
}
