import Diagnostics
import Document
import Foundation
import Prepress

/// A book too long for one volume of its product, planned as a set (issue 37): every chapter
/// measured as the interior sets it, months kept whole unless one alone is longer than a
/// volume, then the cut `VolumePartition` chooses. Each volume is a `Book` of its own, set and
/// written like any book; its measured pages are what the interior will have.
public struct VolumePlanner: Sendable {
    public struct Volume: Sendable {
        public var number: Int
        public var count: Int
        /// The volume's own book: its chapters alone, so its contents, outline and page
        /// numbers are its own.
        public var book: Book
        /// Its pages, padded to the product's rules, as measured.
        public var pages: Int

        public var entries: [BookEntry] { book.entries }
        public var firstDay: LocalDateTime? { book.chapters.first?.entries.first?.local }
        public var lastDay: LocalDateTime? { book.chapters.last?.entries.last?.local }

        /// "Volume 2 of 4" and its months, for its title page, front cover and spine.
        public var label: CoverContent.Volume {
            let language = book.language
            var dates = ""
            if let first = book.chapters.first, let last = book.chapters.last {
                let from = language.chapterTitle(year: first.year, month: first.month)
                let to = language.chapterTitle(year: last.year, month: last.month)
                dates = from == to ? from : "\(from) – \(to)"
            }
            return CoverContent.Volume(label: language.volumeLabel(number, of: count), dates: dates)
        }
    }

    public struct Plan: Sendable {
        public var volumes: [Volume]
        public var notices: [Diagnostic]
        /// The paragraphs' breaks as measured, for the volumes' renderers.
        public var lineBreaks: LineBreakMemory
    }

    public var renderer: InteriorRenderer

    public init(product: Product, typography: Typography? = nil) {
        renderer = InteriorRenderer(product: product, typography: typography)
    }

    /// `count`: exactly so many volumes; else the fewest that hold the book. `maximumPages`:
    /// no volume longer (the product's own maximum holds anyway). `threads`: the months are
    /// measured on so many threads.
    public func plan(_ book: Book, count: Int?, maximumPages: Int?, photos: PhotoPool?, threads: Int = 1) throws(RenderError) -> Plan {
        let product = renderer.product
        let limit = min(product.pageRules.maximum, maximumPages ?? .max)
        // A day whose text alone cannot fit a volume fails at once, before anything is measured.
        for chapter in book.chapters {
            for day in Self.days(chapter.entries) where renderer.fewestPages(day) > limit {
                throw dayTooLong(day, pages: "more than \(renderer.fewestPages(day))", of: book, limit: limit)
            }
        }
        let lineBreaks = LineBreakMemory()
        let measures = try renderer.measure(book.chapters, of: book, photos: photos, threads: threads, keeping: lineBreaks)
        var chapters: [(chapter: Chapter, pages: Int)] = []
        var notices: [Diagnostic] = []
        for (chapter, measure) in zip(book.chapters, measures) {
            if partition([measure.pages], [chapter], limit: limit).pages(0..<1) != nil {
                chapters.append((chapter, measure.pages))
                continue
            }
            let split = try splitByDays(chapter, measure, of: book, limit: limit, photos: photos, threads: threads, keeping: lineBreaks)
            chapters += split
            notices.append(Diagnostic(code: .volumeMonthSplit,
                                      message: "\(book.language.chapterTitle(year: chapter.year, month: chapter.month)) needs \(measure.pages) pages, "
                                          + "more than a volume of at most \(limit) holds: it is split between days into \(split.count) parts"))
        }
        let cutter = partition(chapters.map(\.pages), chapters.map(\.chapter), limit: limit)
        let found: VolumePartition.Cut? = if let count { cutter.cut(into: count) } else { cutter.fewest() }
        guard let cut = found else {
            let wanted = count.map { "\($0) volumes" } ?? "volumes"
            throw RenderError(code: .pageLimitExceeded, file: "interior",
                              message: "the book's \(chapters.count) months cannot be set as \(wanted) of at most \(limit) pages each (product \"\(product.id)\")")
        }
        var volumes: [Volume] = []
        for (index, range) in cut.volumes.enumerated() {
            var part = book
            part.chapters = chapters[range].map(\.chapter)
            guard let pages = cutter.pages(range) else {
                throw RenderError(file: "interior", message: "volume \(index + 1) of the plan does not fit \(limit) pages")
            }
            volumes.append(Volume(number: index + 1, count: cut.volumes.count, book: part, pages: pages))
        }
        if !cut.isBalanced {
            notices.append(Diagnostic(code: .bookInVolumes, message: "no cut into \(volumes.count) volumes keeps the largest within 1.25 times the "
                                          + "smallest (the months are too uneven): the most even one is printed"))
        }
        if volumes.count > 1 {
            let sizes = volumes.map(\.pages)
            notices.append(Diagnostic(code: .bookInVolumes, message: "set as \(volumes.count) volumes of \(sizes.map(String.init).joined(separator: ", ")) pages "
                                          + "(product \"\(product.id)\" allows at most \(limit) a volume)", isInformational: true))
        }
        return Plan(volumes: volumes, notices: notices, lineBreaks: lineBreaks)
    }

    private func partition(_ pages: [Int], _ chapters: [Chapter], limit: Int) -> VolumePartition {
        let parts = zip(pages, chapters).map { VolumePartition.Part(pages: $0, year: $1.year, month: $1.month) }
        return VolumePartition(parts: parts, limit: limit, contentsCapacity: renderer.contentsCapacity,
                               padded: renderer.product.pageRules.paddedCount(for:))
    }

    /// A month longer than a volume, cut between days into parts that each fit one, measured
    /// again as the chapters they become. A day that cannot fit a volume fails the book.
    private func splitByDays(_ chapter: Chapter, _ measure: InteriorRenderer.ChapterMeasure, of book: Book, limit: Int,
                             photos: PhotoPool?, threads: Int, keeping lineBreaks: LineBreakMemory) throws(RenderError) -> [(chapter: Chapter, pages: Int)] {
        let days = Self.days(chapter.entries)
        let starts = days.map { measure.entryPages[$0[0].id] ?? 0 } + [measure.pages]
        // Room for a part: the volume less its front matter, contents, a recto's blank and padding.
        var budget = limit - 6
        for _ in 0..<6 {
            var parts: [[BookEntry]] = [[]]
            var partStart = starts[0]
            for (index, day) in days.enumerated() {
                if !parts[parts.count - 1].isEmpty && starts[index + 1] - partStart > budget {
                    parts.append([])
                    partStart = starts[index]
                }
                parts[parts.count - 1] += day
            }
            let chapters = parts.map { Chapter(year: chapter.year, month: chapter.month, entries: $0) }
            let measured = try renderer.measure(chapters, of: book, photos: photos, threads: threads, keeping: lineBreaks)
            let sizes = measured.map(\.pages)
            let fits = zip(sizes, chapters).map { partition([$0], [$1], limit: limit).pages(0..<1) != nil }
            if fits.allSatisfy({ $0 }) { return Array(zip(chapters, sizes)) }
            // A part of one day that does not fit: that day is longer than a volume.
            if let index = fits.firstIndex(of: false), Self.days(chapters[index].entries).count == 1 {
                throw dayTooLong(chapters[index].entries, pages: String(sizes[index]), of: book, limit: limit)
            }
            budget = budget * 9 / 10
        }
        throw RenderError(code: .pageLimitExceeded, file: "interior",
                          message: "\(book.language.chapterTitle(year: chapter.year, month: chapter.month)) cannot be split into volumes of at most \(limit) pages")
    }

    /// A chapter's entries, day by day.
    static func days(_ entries: [BookEntry]) -> [[BookEntry]] {
        var days: [[BookEntry]] = []
        for entry in entries {
            if let last = days.last?.last, last.local.day == entry.local.day { days[days.count - 1].append(entry) } else { days.append([entry]) }
        }
        return days
    }

    private func dayTooLong(_ day: [BookEntry], pages: String, of book: Book, limit: Int) -> RenderError {
        let date = day.first.map { book.language.entryDate($0.local) } ?? ""
        return RenderError(code: .pageLimitExceeded, file: "interior",
                           message: "the entries of \(date) (\(day.map(\.id).joined(separator: ", "))) need \(pages) pages; "
                               + "product \"\(renderer.product.id)\" allows at most \(limit) a volume")
    }
}
