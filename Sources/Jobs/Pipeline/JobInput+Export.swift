import Import
import Diagnostics
import Foundation

extension JobInput {
    /// The order's export as a journal: Folio's own `journal.json`, or any format the importers
    /// read (named by the order or detected), a zip unpacked into `scratch` first. Every problem
    /// names the file and the entry.
    static func readExport(_ order: Order, orderFile: String, config: FolioConfig,
                           scratch: URL?) -> (journal: Journal?, imported: ImportedExport?, issues: [Diagnostic]) {
        var location: URL
        do {
            location = try ConfinedPath.resolve(order.export, under: config.exportsRoot)
        } catch {
            return (nil, nil, [Diagnostic(code: .pathEscape, file: orderFile, path: "export",
                                          message: "\"\(order.export)\": \(error) (exports root: \(config.exportsRoot.path))")])
        }
        if location.pathExtension.lowercased() == "zip" {
            let unpacked = scratch ?? FileManager.default.temporaryDirectory.appendingPathComponent("folio-export-\(getpid())")
            try? FileManager.default.removeItem(at: unpacked)
            do {
                try ZipExport(maxBytes: config.importMaxBytes, maxFiles: config.importMaxFiles)
                    .extract(location, into: unpacked, shownAs: location.path)
            } catch {
                return (nil, nil, error.issues)
            }
            location = unpacked
        }
        do {
            if order.exportFormat == nil, FileManager.default.fileExists(atPath: location.appendingPathComponent("journal.json").path) {
                return (try Journal.load(folder: location, shownAs: location.path), nil, [])
            }
            if order.exportFormat == nil, ExportFormat.detect(location) == nil {
                return (nil, nil, [Diagnostic(code: .notFound, file: orderFile, path: "export",
                                              message: "no journal.json in \(location.path), nor a Day One, jrnl or Markdown export")])
            }
            let imported = try ExportImporter.read(location, format: order.exportFormat, timeZone: order.exportTimeZone, timeFormat: order.exportTimeFormat,
                                                   shownAs: location.path)
            return (imported.journal, imported, [])
        } catch {
            return (nil, nil, error.issues)
        }
    }
}
