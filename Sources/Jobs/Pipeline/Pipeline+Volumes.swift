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

    /// Plans the set and writes every volume's interior and cover; returns the interiors'
    /// page marks, numbered through the set, for the EPUB's page-list.
    func renderVolumes(_ resolved: ResolvedBook, request: (count: Int?, maximumPages: Int?), cover: CoverContent, folder: URL,
                       into book: inout RenderingBook, report: inout JobReport) throws -> [PageMark] {
        let input = book.input, photos = book.photos
        let plan: VolumePlanner.Plan
        let layoutStart = ContinuousClock.now
        do {
            plan = try VolumePlanner(product: input.product).plan(resolved.book, count: request.count, maximumPages: request.maximumPages, photos: photos)
        } catch {
            throw JobError.failed(code: error.code, message: error.message)
        }
        report.preflight += plan.notices.map(Self.finding)
        var layout = ContinuousClock.now - layoutStart, draw = Duration.zero, pictures = Duration.zero
        // One volume alone: the book as usual, under its usual names.
        let single = plan.volumes.count == 1
        var marks: [PageMark] = []
        var pagesBefore = 0
        let globalChapter = Dictionary(resolved.book.chapters.enumerated().map { ("\($1.year)-\($1.month)", $0) }) { first, _ in first }
        for volume in plan.volumes {
            var content = cover
            if !single {
                content.volume = volume.label
                // A photo cover: the order's photo on the first volume, each other volume's own
                // first photo (one that can be read) on it, else the order's.
                if content.preset == .photo, volume.number > 1,
                   let own = volume.entries.lazy.flatMap(\.photos).first(where: { FileManager.default.isReadableFile(atPath: $0.file.path) }) {
                    content.photo = own.file
                }
            }
            let interiorName = single ? "interior.pdf" : "interior-\(volume.number).pdf"
            let interior = try InteriorStage(product: input.product, thumbnails: thumbnails)
                .run(volume.book, cover: content, photos: photos, into: folder, name: interiorName, pagesBefore: pagesBefore)
            layout += interior.layoutTime
            draw += interior.drawTime
            pictures += interior.thumbnailTime
            // As planned, or the plan was wrong: a volume never goes over its limit unseen.
            guard interior.pages == volume.pages || single else {
                throw JobError.failed(code: .renderFailed, message: "\(interiorName) has \(interior.pages) pages; its plan said \(volume.pages)")
            }
            // A volume's findings name its file: their pages are its own, as printed.
            var notices = interior.notices
            if !single { for index in notices.indices { notices[index].message = "\(interiorName): " + notices[index].message } }
            report.preflight += Self.placeMissingPhotos(&report.preflight, drawn: notices).map(Self.finding)
            onStage("render: volume \(volume.number) of \(volume.count), \(interior.pages) pages")
            for mark in interior.pageMarks {
                var place = mark.place
                if case .chapter(let index) = place, volume.book.chapters.indices.contains(index) {
                    let chapter = volume.book.chapters[index]
                    let whole = globalChapter["\(chapter.year)-\(chapter.month)"]
                    // A month continued from the volume before resumes at its first entry, not its title.
                    if let whole, let first = chapter.entries.first, resolved.book.chapters[whole].entries.first?.id != first.id {
                        place = .entry(first.id)
                    } else {
                        place = .chapter(whole ?? index)
                    }
                }
                marks.append(PageMark(page: pagesBefore + mark.page, place: place))
            }
            if input.order.outputs.contains(.interior) { book.print.append((.interior, interior.file, interior.pages)) } else {
                try? FileManager.default.removeItem(at: interior.file)
            }
            var coverName: String?
            if input.order.outputs.contains(.cover) {
                let coverStart = ContinuousClock.now
                let name = single ? "cover.pdf" : "cover-\(volume.number).pdf"
                let spread = try CoverStage(product: input.product)
                    .run(content, pages: interior.pages, contentDate: resolved.book.contentDate, photos: photos, into: folder, name: name)
                report.preflight += spread.spread.notices.map(Self.finding)
                book.print.append((.cover, spread.file, 1))
                coverName = name
                report.timingsMS["cover", default: 0] += StageClock.milliseconds(ContinuousClock.now - coverStart)
            }
            book.volumes.append(VolumeRecord(number: volume.number, count: volume.count, pages: interior.pages, firstDay: volume.firstDay,
                                             lastDay: volume.lastDay, entryIDs: volume.entries.map(\.id), interior: interiorName, cover: coverName))
            pagesBefore += interior.pages
            if single { book.volumes = [] }
        }
        book.interiorPages = pagesBefore
        // Every printed entry in exactly one volume, in the book's order: the set is the book.
        let inSet = book.volumes.flatMap(\.entryIDs)
        if !single && inSet != resolved.book.entries.map(\.id) {
            throw JobError.failed(code: .renderFailed, message: "the volumes do not hold every entry of the book once, in order")
        }
        report.timingsMS["layout"] = StageClock.milliseconds(layout)
        report.timingsMS["draw"] = StageClock.milliseconds(draw)
        if thumbnails { report.timingsMS["thumbnails"] = StageClock.milliseconds(pictures) }
        return marks
    }
}
