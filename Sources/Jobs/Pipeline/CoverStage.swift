import Diagnostics
import Foundation
import Prepress
import Render

/// The cover spread, finished for print like the interior: its spine follows the interior's
/// final, padded page count.
struct CoverStage {
    var product: Product

    struct Result {
        var file: URL
        var spread: CoverRenderer.Spread
    }

    func run(_ content: CoverContent, pages: Int, contentDate: Date, photos: PhotoPool, into folder: URL) throws(JobError) -> Result {
        let (file, spread) = try PrintFinishing.produce("cover.pdf", in: folder, product: product, inkLimitPercent: product.coverInkLimitPercent,
                                                       date: contentDate, title: content.title, sheet: \.sheet) { drawn throws(RenderError) in
            try CoverRenderer(product: product).renderSpread(content, pages: pages, photos: photos, to: drawn)
        }
        return Result(file: file, spread: spread)
    }
}

/// The qpdf finishing step both PDFs share: boxes, output intent, /ID, dates.
enum PrintFinishing {
    /// Draws a PDF under a temporary name, finishes it for print and renames it into place, so
    /// no half-made file is ever seen under its real name.
    static func produce<T>(_ name: String, in folder: URL, product: Product, inkLimitPercent: Double?, date: Date, title: String,
                           sheet: (T) -> SheetGeometry,
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
        try finish(drawn, to: finished, sheet: sheet(result), product: product, inkLimitPercent: inkLimitPercent, date: date, title: title)
        do {
            try AtomicFile.moveIntoPlace(finished, file)
        } catch {
            throw .failed(code: "io-error", message: "\(error)")
        }
        return (file, result)
    }

    static func finish(_ drawn: URL, to finished: URL, sheet: SheetGeometry, product: Product, inkLimitPercent: Double?,
                       date: Date, title: String) throws(JobError) {
        do {
            let profile = product.outputColour
            var colours: DeviceColourMap?
            if profile.isCMYK {
                colours = DeviceColourMap(cmykProfile: profile.data, intent: product.renderingIntent,
                                          blackPointCompensation: product.blackPointCompensation, inkLimitPercent: inkLimitPercent)
                guard colours != nil else {
                    throw JobError.failed(code: "finish-failed", message: "\(profile.name): Little CMS cannot convert to this profile")
                }
            }
            var finisher = PDFFinisher(sheet: sheet,
                                       outputIntent: .init(profile: profile.data, components: profile.components,
                                                           condition: profile.name),
                                       date: PDFFinisher.pdfDate(date), colours: colours)
            finisher.pdfx = product.pdfx
            finisher.title = title
            try finisher.finish(drawn, to: finished)
        } catch let error as JobError {
            throw error
        } catch {
            throw .failed(code: "finish-failed", message: "\(error)")
        }
    }
}
