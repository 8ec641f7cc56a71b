import Import
import Diagnostics
import Document
import Foundation
import Prepress
import Render

/// A book longer than one volume of its product, made as a set (issue 37): each volume's
/// interior and cover written one after the other, so a job holds one volume's pages at a time;
/// the EPUB stays one book.
extension Pipeline {
    /// One volume as made: what `report.json`'s `volumes` says of it, and what verifies it.
    struct VolumeRecord {
        var number: Int
        var count: Int
        var pages: Int
        var firstDay: LocalDateTime?
        var lastDay: LocalDateTime?
        var entryIDs: [String]
        var interior: String
        var cover: String?
    }

    /// The order's volumes, when it asks for more than one book or a page limit of its own;
    /// nil: one book, as the product allows (a book that does not fit is then planned anew).
    func volumeRequest(_ order: Order, fittingOneBook: Bool) -> (count: Int?, maximumPages: Int?)? {
        switch order.volumes {
        case .auto: fittingOneBook ? nil : (nil, nil)
        case .count(let count): count == 1 ? nil : (count, nil)
        case .maximumPages(let pages): (nil, pages)
        }
    }

    /// Plans the set and writes every volume's interior and cover, as many side by side as the
    /// job has threads (each volume holds its own pages only while it is made); returns the
    /// interiors' page marks, numbered through the set, for the EPUB's page-list.
    func renderVolumes(_ resolved: ResolvedBook, request: (count: Int?, maximumPages: Int?), cover: CoverContent, folder: URL,
                       into book: inout RenderingBook, report: inout JobReport) throws -> [PageMark] {
        let input = book.input, photos = book.photos
        let plan: VolumePlanner.Plan
        let layoutStart = ContinuousClock.now
        do {
            plan = try VolumePlanner(product: input.product).plan(resolved.book, count: request.count, maximumPages: request.maximumPages,
                                                                  photos: photos, threads: scheduler.threads)
        } catch {
            throw JobError.failed(code: error.code, message: error.message)
        }
        report.preflight += plan.notices.map(Self.finding)
        MemoryReuse.giveBackFreed()
        var layout = ContinuousClock.now - layoutStart, draw = Duration.zero, pictures = Duration.zero
        // One volume alone: the book as usual, under its usual names.
        let single = plan.volumes.count == 1
        var parts: [VolumePart] = []
        var pagesBefore = 0
        for volume in plan.volumes {
            parts.append(VolumePart(volume: volume, content: Self.coverContent(cover, of: volume, alone: single), single: single, pagesBefore: pagesBefore,
                                    lineBreaks: plan.lineBreaks))
            pagesBefore += volume.pages
        }
        if thumbnails { InteriorStage.emptyThumbnails(in: folder) }
        let product = input.product, covers = input.order.outputs.contains(.cover), contentDate = resolved.book.contentDate
        let made = scheduler.map(parts) { part in
            Swift.Result { () throws(JobError) in
                try self.make(part, product: product, covers: covers, contentDate: contentDate, photos: photos, folder: folder)
            }
        }
        plan.lineBreaks.forget()
        var marks: [PageMark] = []
        var printedPages = 0
        let globalChapter = Dictionary(resolved.book.chapters.enumerated().map { ($1.yearMonth, $0) }) { first, _ in first }
        for (part, result) in zip(parts, made) {
            let volume = part.volume, (interior, spread) = try result.get()
            layout += interior.layoutTime
            draw += interior.drawTime
            pictures += interior.thumbnailTime
            printedPages += interior.pages
            // As planned, or the plan was wrong: a volume never goes over its limit unseen.
            guard interior.pages == volume.pages else {
                throw JobError.failed(code: .renderFailed, message: "\(part.interiorName) has \(interior.pages) pages; its plan said \(volume.pages)")
            }
            // A volume's findings name its file: their pages are its own, as printed. A
            // placeholder first gives the import's finding of its photo its page and file.
            var notices = interior.notices
            if !single { for index in notices.indices { notices[index].file = part.interiorName } }
            notices = Self.placeMissingPhotos(&report.preflight, drawn: notices)
            if !single { for index in notices.indices { notices[index].message = "\(part.interiorName): " + notices[index].message } }
            report.preflight += notices.map(Self.finding)
            for mark in interior.pageMarks {
                var place = mark.place
                if case .chapter(let index) = place, volume.book.chapters.indices.contains(index) {
                    let chapter = volume.book.chapters[index]
                    let whole = globalChapter[chapter.yearMonth]
                    // A month continued from the volume before resumes at its first entry, not its title.
                    if let whole, let first = chapter.entries.first, resolved.book.chapters[whole].entries.first?.id != first.id {
                        place = .entry(first.id)
                    } else {
                        place = .chapter(whole ?? index)
                    }
                }
                marks.append(PageMark(page: part.pagesBefore + mark.page, place: place))
            }
            if input.order.outputs.contains(.interior) { book.print.append((.interior, interior.file, interior.pages)) } else {
                try? FileManager.default.removeItem(at: interior.file)
            }
            if let spread {
                report.preflight += spread.made.spread.notices.map(Self.finding)
                book.print.append((.cover, spread.made.file, 1))
                report.timingsMS["cover", default: 0] += StageClock.milliseconds(spread.time)
            }
            if !single {
                book.volumes.append(VolumeRecord(number: volume.number, count: volume.count, pages: interior.pages, firstDay: volume.firstDay,
                                                 lastDay: volume.lastDay, entryIDs: volume.entries.map(\.id), interior: part.interiorName,
                                                 cover: spread == nil ? nil : part.coverName))
            }
        }
        book.interiorPages = printedPages
        MemoryReuse.giveBackFreed()
        if !single { MemoryReuse.mapLargeBuffers() }
        // Every printed entry in exactly one volume, in the book's order: the set is the book.
        let inSet = book.volumes.flatMap(\.entryIDs)
        if !single && inSet != resolved.book.entries.map(\.id) {
            throw JobError.failed(code: .renderFailed, message: "the volumes do not hold every entry of the book once, in order")
        }
        // Added up over the volumes, as the verifiers' times are over the files.
        report.timingsMS["layout"] = StageClock.milliseconds(layout)
        report.timingsMS["draw"] = StageClock.milliseconds(draw)
        if thumbnails { report.timingsMS["thumbnails"] = StageClock.milliseconds(pictures) }
        return marks
    }

    /// One volume to make: its files' names, its cover's words, its first page in the set.
    struct VolumePart: Sendable {
        var volume: VolumePlanner.Volume
        var content: CoverContent
        var single: Bool
        var pagesBefore: Int
        var lineBreaks: LineBreakMemory
        var interiorName: String { single ? "interior.pdf" : "interior-\(volume.number).pdf" }
        var coverName: String { single ? "cover.pdf" : "cover-\(volume.number).pdf" }
    }

    /// A volume's cover: its label and months; a photo cover takes the order's photo on the
    /// first volume, each other volume's own first photo (one that can be read), else the order's.
    private static func coverContent(_ cover: CoverContent, of volume: VolumePlanner.Volume, alone: Bool) -> CoverContent {
        var content = cover
        guard !alone else { return content }
        content.volume = volume.label
        if content.preset == .photo, volume.number > 1,
           let own = volume.entries.lazy.flatMap(\.photos).first(where: { FileManager.default.isReadableFile(atPath: $0.file.path) }) {
            content.photo = own.file
        }
        return content
    }

    /// A volume's interior, then, when the order has covers, its cover from the interior's own
    /// page count.
    private func make(_ part: VolumePart, product: Product, covers: Bool, contentDate: Date, photos: PhotoPool,
                      folder: URL) throws(JobError) -> (InteriorStage.Result, (made: CoverStage.Result, time: Duration)?) {
        let interior = try InteriorStage(product: product, thumbnails: thumbnails)
            .run(part.volume.book, cover: part.content, photos: photos, into: folder, name: part.interiorName, inSetAfter: part.pagesBefore,
                 lineBreaks: part.lineBreaks)
        onStage("render: volume \(part.volume.number) of \(part.volume.count), \(interior.pages) pages")
        guard covers else { return (interior, nil) }
        let coverStart = ContinuousClock.now
        let spread = try CoverStage(product: product)
            .run(part.content, pages: interior.pages, contentDate: contentDate, photos: photos, into: folder, name: part.coverName)
        return (interior, (spread, ContinuousClock.now - coverStart))
    }
}
