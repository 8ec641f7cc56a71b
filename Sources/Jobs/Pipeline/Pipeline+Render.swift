import Import
import Diagnostics
import Foundation
import Prepress
import Render

/// The render stage: the interior (always: the cover's spine depends on its page count), the
/// cover spread and, on a thread of its own when the job has two, the EPUB, which is written
/// while the print files are checked (`VerifyStage.checkPrint`).
extension Pipeline {
    /// The print files made, and the EPUB on its way.
    struct RenderingBook {
        var input: JobInput
        var interiorPages: Int
        /// The interior (when ordered) and the cover, finished for print.
        var print: [(kind: Order.Output, file: URL, pages: Int?)]
        var epub: BackgroundTask<(EPUBStage.Result, Duration, ContinuousClock.Instant)>?
        var photos: PhotoPool
        /// The volumes of a set, in order; empty for one book.
        var volumes: [VolumeRecord] = []
        /// When the print files were all written.
        var printWritten = ContinuousClock.now

        /// Should the cover or a check stop the job, the EPUB's thread is done before the
        /// photos are cleared and the report is written.
        func close() {
            epub?.wait()
            photos.close()
        }
    }

    /// Every file written: rendering ends with the last of them, the EPUB or the cover.
    struct RenderedBook {
        var files: [(kind: Order.Output, file: URL, pages: Int?)]
        var interiorPages: Int
        var volumes: [VolumeRecord] = []
        var end: ContinuousClock.Instant
    }

    func render(_ resolved: ResolvedBook, input: JobInput, folder: URL, report: inout JobReport) throws -> RenderingBook {
        let cover = input.coverContent
        // Photo workers start now and run ahead of the drawing while the text is laid out.
        let photos: PhotoPool
        do {
            photos = try PhotoPool(product: input.product, threads: scheduler.photoWorkers, scratch: folder.appendingPathComponent(".photos-\(getpid())"),
                                   screens: input.order.outputs.contains(.epub))
        } catch {
            throw JobError.failed(code: .renderFailed, message: error.message)
        }
        photos.schedule(PhotoPool.requests(for: resolved.book, coverPhoto: cover.photo))
        var book = RenderingBook(input: input, interiorPages: 0, print: [], epub: nil, photos: photos)
        do {
            try renderFiles(resolved, cover: cover, folder: folder, into: &book, report: &report)
        } catch {
            book.close()
            throw error
        }
        book.printWritten = .now
        return book
    }

    private func renderFiles(_ resolved: ResolvedBook, cover: CoverContent, folder: URL, into book: inout RenderingBook,
                             report: inout JobReport) throws {
        let input = book.input, photos = book.photos
        var pageMarks: [PageMark]
        // A book likely near or over the product's limit is planned as volumes at once (a
        // month at a time, in the memory of one), rather than laid out whole first only to be
        // found too long. The plan's own count still decides: one volume is the book as usual.
        let likelyTooLong = InteriorRenderer(product: input.product).likelyPages(resolved.book) * 10 > input.product.pageRules.maximum * 9
        if let request = volumeRequest(input.order, fittingOneBook: !likelyTooLong) {
            pageMarks = try renderVolumes(resolved, request: request, cover: cover, folder: folder, into: &book, report: &report)
        } else {
            do {
                pageMarks = try renderInterior(resolved, cover: cover, folder: folder, into: &book, report: &report)
            } catch JobError.failed(let code, let message) where code == .pageLimitExceeded {
                // Longer than the product allows: the set of volumes that holds it (auto).
                guard let request = volumeRequest(input.order, fittingOneBook: false) else { throw JobError.failed(code: code, message: message) }
                pageMarks = try renderVolumes(resolved, request: request, cover: cover, folder: folder, into: &book, report: &report)
            }
        }
        // With a second thread the EPUB is written while the PDFs are finished off and verified.
        let product = input.product, entries = resolved.book, orderID = input.order.id, marks = pageMarks
        // A set's EPUB names each print page by its volume and its page there.
        let numbering = book.volumes.isEmpty ? PageNumbering.book : .volumes(book.volumes.map(\.pages))
        book.epub = input.order.outputs.contains(.epub) ? scheduler.beside { () throws(JobError) in
            let started = ContinuousClock.now
            let epub = try EPUBStage(product: product)
                .run(entries, cover: cover, orderID: orderID, pageMarks: marks, numbering: numbering, photos: photos, into: folder)
            let finished = ContinuousClock.now
            return (epub, finished - started, finished)
        } : nil
        // One book's cover (a set's, and a plan of one volume's, are made with their interiors).
        if input.order.outputs.contains(.cover) && !book.print.contains(where: { $0.kind == .cover }) {
            let coverStart = ContinuousClock.now
            let spread = try CoverStage(product: input.product)
                .run(cover, pages: book.interiorPages, contentDate: resolved.book.contentDate, photos: photos, into: folder)
            report.preflight += spread.spread.notices.map(Self.finding)
            book.print.append((.cover, spread.file, 1))
            report.timingsMS["cover"] = StageClock.milliseconds(ContinuousClock.now - coverStart)
        }
        // The operator's preview of the cover, drawn by the same drawCover as the book.
        if let preview = try? CoverRenderer(product: input.product).renderPicture(cover, pixelWidth: 420, png: true, photos: photos) {
            try? AtomicFile.write(preview, to: folder.appendingPathComponent("preview-cover.png"))
        }
    }

    /// The book's one interior; its page marks for the EPUB.
    private func renderInterior(_ resolved: ResolvedBook, cover: CoverContent, folder: URL, into book: inout RenderingBook,
                                report: inout JobReport) throws -> [PageMark] {
        let input = book.input
        let interiorStart = ContinuousClock.now
        let interior = try InteriorStage(product: input.product, thumbnails: thumbnails)
            .run(resolved.book, cover: cover, photos: book.photos, into: folder)
        report.timingsMS["layout"] = StageClock.milliseconds(interior.layoutTime)
        report.timingsMS["draw"] = StageClock.milliseconds(interior.drawTime)
        if thumbnails { report.timingsMS["thumbnails"] = StageClock.milliseconds(interior.thumbnailTime) }
        report.timingsMS["finish"] = StageClock.milliseconds(ContinuousClock.now - interiorStart - interior.layoutTime - interior.drawTime
                                                             - interior.thumbnailTime)
        report.preflight += Self.placeMissingPhotos(&report.preflight, drawn: interior.notices).map(Self.finding)
        onStage("render: \(interior.pages) pages")
        book.interiorPages = interior.pages
        if input.order.outputs.contains(.interior) { book.print.append((.interior, interior.file, interior.pages)) } else {
            try? FileManager.default.removeItem(at: interior.file)
        }
        return interior.pageMarks
    }

    /// Waits for the EPUB and takes the photo workers' account; the photos are released.
    func finishRendering(_ book: RenderingBook, input: JobInput, report: inout JobReport) throws -> RenderedBook {
        var files = book.print
        var end = book.printWritten
        if let epubTask = book.epub {
            let (epub, elapsed, finished) = try epubTask.value()
            end = finished
            // A photo that failed in the PDF fails in the EPUB too: one problem, one finding (a
            // set's says which volume first).
            for finding in Self.placeMissingPhotos(&report.preflight, drawn: epub.notices).map(Self.finding) where !report.preflight.contains(where: { found in
                found.code == finding.code && found.entry == finding.entry
                    && (found.message == finding.message || found.file.map { found.message == "\($0): \(finding.message)" } == true)
            }) {
                report.preflight.append(finding)
            }
            files.append((.epub, epub.file, nil))
            report.timingsMS["epub"] = StageClock.milliseconds(elapsed)
        }
        report.timingsMS["photos"] = StageClock.milliseconds(book.photos.busyTime)
        report.preflight += book.photos.untagged.all.map { file in
            let folder = input.journal.folder.standardizedFileURL.path + "/"
            let name = file.standardizedFileURL.path.hasPrefix(folder) ? String(file.standardizedFileURL.path.dropFirst(folder.count)) : file.lastPathComponent
            return .init(severity: .info, code: .photoCMYKAssumed,
                         message: "\(name): a CMYK photo without a colour profile is taken as already in \(input.product.outputColour.name), "
                             + "the output intent (as PDF/X reads DeviceCMYK), and held to the ink limit", entry: nil, page: nil)
        }
        book.photos.close()
        return RenderedBook(files: files, interiorPages: book.interiorPages, volumes: book.volumes, end: end)
    }
}
