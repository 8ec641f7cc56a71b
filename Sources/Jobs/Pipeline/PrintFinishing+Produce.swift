import Diagnostics
import Foundation
import Prepress
import Render

/// The job's side of print finishing: drawn under a temporary name, finished by Prepress's
/// `PrintFinishing`, renamed into place.
extension PrintFinishing {
    /// Draws a PDF under a temporary name, finishes it for print and renames it into place, so
    /// no half-made file is ever seen under its real name.
    static func produce<T>(_ name: String, in folder: URL, product: Product, inkLimitPercent: Double?, date: Date, title: String,
                           sheet: (T) -> SheetGeometry, structure: (T) -> TaggedStructure? = { _ in nil },
                           draw: (URL) throws(RenderError) -> T) throws(JobError) -> (file: URL, drawn: T) {
        let file = folder.appendingPathComponent(name)
        let drawn = folder.appendingPathComponent(".\(file.deletingPathExtension().lastPathComponent).\(getpid()).cairo.pdf")
        let finished = AtomicFile.temporary(for: file)
        defer {
            try? FileManager.default.removeItem(at: drawn)
            try? FileManager.default.removeItem(at: finished)
        }
        let result: T
        do {
            result = try draw(drawn)
        } catch {
            throw .failed(code: error.code, message: "\(name): \(error.message)")
        }
        do {
            try finish(drawn, to: finished, sheet: sheet(result), product: product, inkLimitPercent: inkLimitPercent, date: date, title: title,
                       structure: structure(result))
        } catch {
            throw .failed(code: .finishFailed, message: "\(error)")
        }
        do {
            try AtomicFile.moveIntoPlace(finished, file)
        } catch {
            throw .failed(code: .ioError, message: "\(error)")
        }
        return (file, result)
    }
}
