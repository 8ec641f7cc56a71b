import Foundation
import Prepress
import Render

/// The cover spread, finished for print like the interior: its spine follows the interior's
/// final, padded page count.
struct CoverStage {
    var product: Product
    var configFolder: URL

    struct Result {
        var file: URL
        var spread: CoverRenderer.Spread
    }

    func run(_ content: CoverContent, pages: Int, contentDate: Date, into folder: URL) throws(JobError) -> Result {
        let file = folder.appendingPathComponent("cover.pdf")
        let drawn = folder.appendingPathComponent(".cover.cairo.pdf")
        let finished = AtomicFile.temporary(for: file)
        defer {
            try? FileManager.default.removeItem(at: drawn)
            try? FileManager.default.removeItem(at: finished)
        }
        let spread: CoverRenderer.Spread
        do {
            spread = try CoverRenderer(product: product).renderSpread(content, pages: pages, to: drawn)
        } catch {
            throw .failed(code: error.code, message: "\(file.lastPathComponent): \(error.message)")
        }
        try PrintFinishing.finish(drawn, to: finished, sheet: spread.sheet, product: product, configFolder: configFolder, date: contentDate)
        do {
            try AtomicFile.moveIntoPlace(finished, file)
        } catch {
            throw .failed(code: "io-error", message: "\(error)")
        }
        return Result(file: file, spread: spread)
    }
}

/// The qpdf finishing step both PDFs share: boxes, output intent, /ID, dates.
enum PrintFinishing {
    static func finish(_ drawn: URL, to finished: URL, sheet: SheetGeometry, product: Product,
                       configFolder: URL, date: Date) throws(JobError) {
        do {
            let profile = try ICCProfile.load(product.outputProfile, relativeTo: configFolder)
            let finisher = PDFFinisher(sheet: sheet,
                                       outputIntent: .init(profile: profile.data, components: profile.components,
                                                           condition: profile.name),
                                       date: PDFFinisher.pdfDate(date))
            try finisher.finish(drawn, to: finished)
        } catch {
            throw .failed(code: "finish-failed", message: "\(error)")
        }
    }
}
