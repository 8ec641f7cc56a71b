import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
import Prepress

/// A journal of ten years, longer than one volume of the product, made as a set (issue 37),
/// for two products of different page limits: every volume within its limit and the balance,
/// months whole, each cover's spine its own interior's, "Volume N of M" on each title page and
/// spine, every entry in exactly one volume and in order, no archived word anywhere.
@Suite(.serialized) struct VolumeTests {
    /// Ten years, an entry every third day (a longer one each month), a photo every twelfth,
    /// one entry in twenty archived. Each entry carries a word of its own.
    static func tenYears(_ workspace: Workspace) throws -> (printed: [String], archived: [String]) {
        var entries: [[String: Any]] = [], printed: [String] = [], archived: [String] = []
        // 2015-01-01 09:00 UTC, every third day, to the end of 2024.
        var date = Date(timeIntervalSince1970: 1_420_102_800)
        let end = Date(timeIntervalSince1970: 1_735_689_600)
        var index = 0
        while date < end {
            let marker = "Marker\(index)x"
            let isArchived = index % 20 == 7
            let long = index % 10 == 0 ? String(repeating: " We walked on along the shore until the light went.", count: 12) : ""
            let photos: [[String: Any]] = index % 12 == 5 ? [["file": "photos/p\(index % 3).jpg", "caption": "Shore \(index)"]] : []
            entries.append(Sample.entry("e\(index)", ISO8601DateFormatter().string(from: date), text: "\(marker) A morning by the sea.\(long)",
                                        archived: isArchived, photos: photos))
            if isArchived { archived.append(marker) } else { printed.append(marker) }
            index += 1
            date += 3 * 86_400
        }
        let export = try workspace.writeExport("decade", journal: Sample.journal(entries))
        for photo in 0..<3 {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"),
                                             to: export.appendingPathComponent("photos/p\(photo).jpg"))
        }
        return (printed, archived)
    }

    /// A product like `base` whose volumes hold at most `maximum` pages.
    static func product(_ workspace: Workspace, _ id: String, from base: String, maximum: Int) throws {
        let products = workspace.configFile.deletingLastPathComponent().appendingPathComponent("products")
        var json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: products.appendingPathComponent("\(base).json"))) as? [String: Any])
        var pages = try #require(json["pages"] as? [String: Any])
        pages["max"] = maximum
        json["pages"] = pages
        try JSONSerialization.data(withJSONObject: json).write(to: products.appendingPathComponent("\(id).json"))
    }

    @Test(arguments: [("decade-softcover", "a5-softcover", 160), ("decade-paperback", "kdp-a5-paperback", 260)])
    func aDecadeIsASetOfVolumes(_ id: String, _ base: String, _ maximum: Int) throws {
        let workspace = try Workspace()
        let (printed, archived) = try Self.tenYears(workspace)
        try Self.product(workspace, id, from: base, maximum: maximum)
        let order = Sample.order(id: id, export: "decade", outputs: ["interior", "cover", "epub"], extra: ["product": id])
        let (report, folder) = try workspace.render(order)
        #expect(report.status == .done, "\(String(describing: report.error)) \(report.preflight.filter { $0.severity == .error })")
        let volumes = try #require(report.volumes)
        #expect(volumes.count >= 2, "\(volumes.map(\.pages))")
        let product = try workspace.config.product(id)
        // Within the limit, and balanced.
        let sizes = volumes.map(\.pages)
        print("\(id): \(printed.count) entries in volumes of \(sizes) pages; timings \(report.timingsMS.sorted { $0.key < $1.key })")
        #expect(sizes.allSatisfy { $0 <= maximum }, "\(sizes)")
        #expect(Double(try #require(sizes.max())) <= 1.25 * Double(try #require(sizes.min())), "\(sizes)")
        #expect(report.preflight.contains { $0.code == "book-in-volumes" } && !report.preflight.contains { $0.code == "volume-month-split" })
        // Months whole: a volume ends in another month than the next begins.
        for (volume, next) in zip(volumes, volumes.dropFirst()) {
            #expect(volume.lastDay?.prefix(7) != next.firstDay?.prefix(7), "\(volume.number): \(String(describing: volume.lastDay)), \(String(describing: next.firstDay))")
        }
        #expect(volumes.reduce(0) { $0 + $1.entries } == printed.count)
        var seen: [String: Int] = [:]
        for volume in volumes {
            #expect(volume.of == volumes.count && volume.outputs.map(\.file) == ["interior-\(volume.number).pdf", "cover-\(volume.number).pdf"])
            let interior = folder.appendingPathComponent("interior-\(volume.number).pdf")
            let cover = folder.appendingPathComponent("cover-\(volume.number).pdf")
            #expect(try PDFChecks.pageCount(interior) == volume.pages)
            // Its cover's spine follows its own pages.
            let mediaBox = try #require(try PDFChecks.boxes(cover)["MediaBox"])
            #expect(abs(mediaBox[2] - mediaBox[0] - product.coverSheet(pages: volume.pages).mediaWidth) < 0.01, "\(mediaBox)")
            let label = "Volume \(volume.number) of \(volumes.count)"
            let titlePage = try Tool.run("pdftotext", ["-f", "1", "-l", "1", interior.path, "-"]).output
            #expect(titlePage.contains(label), "\(titlePage)")
            // The spine reads one word a line: between the title and the author, its place.
            let words = try Tool.run("pdftotext", ["-raw", cover.path, "-"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("YEAR · \(label.uppercased()) · ANNA"), "\(words)")
            let markers = try Tool.pdfText(interior).joined(separator: "\n").split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("Marker") }
            for marker in markers { seen[String(marker), default: 0] += volume.number * 1000 + 1 }
        }
        for marker in archived { #expect(seen[marker] == nil, "\(marker) is archived") }
        // Every printed entry in exactly one volume, and the volumes in the book's order.
        let places = printed.map { seen[$0] ?? 0 }
        #expect(places.allSatisfy { $0 % 1000 == 1 }, "an entry in none or several volumes")
        #expect(places == places.sorted(), "entries out of order across the set")
        // The EPUB stays one book; no single interior or cover is written.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("book.epub").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("interior.pdf").path))
        #expect(report.outputs.map(\.file).sorted() == (volumes.flatMap { $0.outputs.map(\.file) } + ["book.epub"]).sorted())
        // Its page-list names each print page by its volume and its page there, as on paper.
        let nav = try Tool.run("unzip", ["-p", folder.appendingPathComponent("book.epub").path, "OEBPS/nav.xhtml"]).output
        let pageList = nav.components(separatedBy: "epub:type=\"page-list\"").last ?? ""
        let labels = pageList.matches(of: /<a href="[^"]*#page-(\d+)">(\d+):(\d+)<\/a>/).map { (Int($0.output.1) ?? 0, Int($0.output.2) ?? 0, Int($0.output.3) ?? 0) }
        #expect(labels.count > volumes.count * 10, "\(pageList.prefix(400))")
        var firstPage = 1
        for volume in volumes {
            let own = labels.filter { $0.1 == volume.number }
            // The EPUB has one title page, the first volume's: the others' pages begin with text.
            #expect(!own.isEmpty && (volume.number > 1 || own.first?.2 == 1), "volume \(volume.number): \(own.prefix(3))")
            #expect(own.allSatisfy { $0.2 <= volume.pages && $0.0 == firstPage + $0.2 - 1 }, "volume \(volume.number): \(own.prefix(3))")
            firstPage += volume.pages
        }
    }

    /// A month longer than a volume is split between days, with a finding; a day longer than a
    /// volume fails the book, naming its entries.
    @Test func aMonthLongerThanAVolumeIsSplitBetweenDays() throws {
        let workspace = try Workspace()
        var entries: [[String: Any]] = []
        let page = String(repeating: "A long day of walking and talking, written down at night. ", count: 45)
        for day in 1...28 { entries.append(Sample.entry("m\(day)", String(format: "2025-03-%02dT09:00:00Z", day), text: "March day \(day). " + page)) }
        entries.append(Sample.entry("a1", "2025-04-02T09:00:00Z", text: "April. " + page))
        try workspace.writeExport("march", journal: Sample.journal(entries))
        let book: [String: Any] = ["title": "March", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                                   "cover": ["preset": "night"], "volumes": ["max_pages": 28]]
        let split = try workspace.render(Sample.order(id: "split", export: "march", outputs: ["interior", "epub"], extra: ["book": book]), name: "split")
        #expect(split.report.status == .done, "\(String(describing: split.report.error))")
        let volumes = try #require(split.report.volumes)
        #expect(volumes.count >= 2 && volumes.allSatisfy { $0.pages <= 28 }, "\(volumes.map(\.pages))")
        #expect(split.report.preflight.contains { $0.code == "volume-month-split" && $0.message.contains("March 2025") })
        #expect(volumes.reduce(0) { $0 + $1.entries } == 29)
        // In the EPUB, the one March, the second volume's first page begins at the entry it
        // resumes with, not at the month's title.
        let march = try Tool.run("unzip", ["-p", split.folder.appendingPathComponent("book.epub").path, "OEBPS/chapter-001.xhtml"]).output
        let second = try #require(march.firstRange(of: /<span epub:type="pagebreak"[^>]*aria-label="2:\d+"/))
        let before = march[..<second.lowerBound].split(separator: "\n").last ?? ""
        #expect(before.hasPrefix("<section class=\"entry\""), "the second volume begins after: \(before)")

        let huge = Array(repeating: String(repeating: "One day that never ends, page after page of it. ", count: 10), count: 150).joined(separator: "\n\n")
        try workspace.writeExport("day", journal: Sample.journal([Sample.entry("long-day", "2025-05-05T09:00:00Z", text: huge),
                                                                  Sample.entry("short", "2025-06-05T09:00:00Z", text: "A short one.")]))
        let failed = try workspace.render(Sample.order(id: "day", export: "day", outputs: ["interior"], extra: ["book": book]), name: "day")
        #expect(failed.report.status == .failed && failed.report.error?.code == "page-limit-exceeded", "\(String(describing: failed.report.error))")
        #expect(failed.report.error?.message.contains("long-day") == true, "\(String(describing: failed.report.error))")
    }

    /// Months measured and volumes made side by side: the same set, byte for byte, as one
    /// thread makes, a month split between days included.
    @Test func aSetIsTheSameBytesOnOneThreadOrTwo() throws {
        let workspace = try Workspace()
        var entries: [[String: Any]] = []
        let page = String(repeating: "A long day of walking and talking, written down at night. ", count: 12)
        for month in 1...6 {
            // March is longer than a volume: it is split between days.
            for day in stride(from: 1, through: 28, by: month == 3 ? 1 : 3) {
                let text = "Day \(day). " + String(repeating: page, count: month == 3 ? 4 : 1)
                entries.append(Sample.entry("e\(month)-\(day)", String(format: "2025-%02d-%02dT09:00:00Z", month, day), text: text))
            }
        }
        try workspace.writeExport("half", journal: Sample.journal(entries))
        let book: [String: Any] = ["title": "Half a Year", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                                   "cover": ["preset": "night"], "volumes": ["max_pages": 24]]
        var sets: [[String: String]] = []
        for threads in [1, 2] {
            let (file, data) = try workspace.writeOrder(Sample.order(id: "half", export: "half", outputs: ["interior", "cover", "epub"],
                                                                     extra: ["book": book]), name: "half-\(threads).json")
            let report = Pipeline(config: try workspace.config, threads: threads)
                .run(orderData: data, orderFile: file.path, into: workspace.jobs.appendingPathComponent("half-\(threads)"))
            #expect(report.status == .done, "\(String(describing: report.error))")
            #expect((report.volumes?.count ?? 0) >= 3, "\(String(describing: report.volumes?.map(\.pages)))")
            #expect(report.preflight.contains { $0.code == "volume-month-split" })
            sets.append(Dictionary(uniqueKeysWithValues: report.outputs.map { ($0.file, $0.sha256) }))
        }
        #expect(sets[0].count >= 7 && sets[0] == sets[1], "\(sets)")
    }

    /// A photo the export lacks, in the second volume: one finding, the importer's, given its
    /// placeholder's page and volume (the interior's and the EPUB's own findings of it dropped),
    /// on that page of the set in the console.
    @Test func aMissingPhotoInASetIsOneFindingOnItsVolumesPage() throws {
        let workspace = try Workspace()
        var entries: [[String: Any]] = []
        for month in 1...8 {
            let moment = month == 8 ? "\n![](dayone-moment://GONE)\nAfter the photo." : ""
            entries.append(["uuid": "M\(month)", "creationDate": String(format: "2024-%02d-05T08:00:00Z", month), "timeZone": "Europe/Berlin",
                            "text": "# Month \(month)\nA day by the sea, written down at night." + moment])
        }
        try workspace.writeExportFile(String(decoding: try JSONSerialization.data(withJSONObject: ["metadata": ["version": "1.0"], "entries": entries]),
                                             as: UTF8.self), "dayone/Journal.json")
        let book: [String: Any] = ["title": "Sea", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                                   "cover": ["preset": "night"], "volumes": 2]
        let (report, _) = try workspace.render(Sample.order(id: "moments", export: "unused", outputs: ["interior", "epub"],
                                                            extra: ["export": "dayone", "book": book]), name: "moments")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let volumes = try #require(report.volumes)
        try #require(volumes.count == 2)
        let missing = report.preflight.filter { $0.entry == "M8" && $0.code.hasSuffix("photo-missing") }
        #expect(missing.count == 1 && missing.first?.code == "import-photo-missing", "\(missing)")
        let finding = try #require(missing.first)
        let page = try #require(finding.page)
        #expect(finding.file == "interior-2.pdf" && page >= 1 && page <= volumes[1].pages, "\(finding)")
        #expect(report.setPage(of: finding) == volumes[0].pages + page)
        #expect(report.findings(onPage: volumes[0].pages + page).contains(finding))
        #expect(!"\(finding)".contains("interior-2.pdf: interior-2.pdf"), "\(finding)")
        // A journal's photo file that is not there: the interior's finding names its volume, and
        // the EPUB's of the same photo is not said again.
        try workspace.writeExport("lost", journal: Sample.journal((1...8).map { month in
            Sample.entry("L\(month)", String(format: "2024-%02d-05T08:00:00Z", month), text: "# Month \(month)\nA day by the sea.",
                         photos: month == 8 ? [["file": "photos/gone.jpg", "caption": "Gone"]] : [])
        }))
        let lost = try workspace.render(Sample.order(id: "lost", export: "lost", outputs: ["interior", "epub"], extra: ["book": book]), name: "lost")
        #expect(lost.report.status == .done && lost.report.volumes?.count == 2, "\(String(describing: lost.report.error))")
        let gone = lost.report.preflight.filter { $0.entry == "L8" && $0.code.hasSuffix("photo-missing") }
        #expect(gone.count == 1 && gone.first?.page != nil, "\(gone)")
    }

    /// The set goes to a printer that refuses the EPUB three times: the first attempt delivers
    /// every volume's files and fails; the queue's second renders nothing, skips what the
    /// ledger holds and sends the EPUB. Each file arrives once.
    @Test func aSetIsDeliveredOnceResumingAfterARetry() throws {
        let server = try FaultServer()
        let workspace = try Workspace.batch(#", "max_attempts": 2"#)
        try workspace.printer(server.url("503x3.epub/{order}/{file}"), attempts: 3)
        let entries = (1...6).map { Sample.entry("e\($0)", "2025-0\($0)-03T10:00:00Z", text: "Month \($0) of the year.") }
        try workspace.writeExport("months", journal: Sample.journal(entries))
        let book: [String: Any] = ["title": "Six Months", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                                   "cover": ["preset": "sea"], "volumes": 2]
        let inbox = workspace.root.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let order = Sample.order(id: "set", export: "months", outputs: ["interior", "cover", "epub"], extra: ["book": book, "destination": "printer"])
        try JSONSerialization.data(withJSONObject: order).write(to: inbox.appendingPathComponent("set.json"))
        let run = try workspace.run(workers: 1)
        #expect(run.status == 0, "\(run.output)")
        let report = try workspace.report("set")
        #expect(report.status == .done && report.attempts == 2, "\(String(describing: report.error))")
        #expect(report.stages.first { $0.stage == "render" }?.status == .reused)
        let files = ["interior-1.pdf", "cover-1.pdf", "interior-2.pdf", "cover-2.pdf", "book.epub"]
        let accepted = try server.accepted()
        #expect(accepted == Dictionary(uniqueKeysWithValues: files.map { ("/503x3.epub/set/\($0)", 1) }), "\(accepted)")
        for file in files.dropLast() {
            let upload = try #require(report.uploads.first { $0.file == file })
            #expect(upload.status == "skipped" && upload.attempts.map(\.jobAttempt) == [1], "\(file): \(upload)")
        }
        #expect(report.volumes?.map(\.outputs.count) == [2, 2])
        // The console shows the set: each volume's pages under its name, drawn from its own file.
        let token = ConsoleTokens.newToken()
        let console = try ConsoleServer(workspace, environment: ["FOLIO_CONSOLE_TOKEN": token])
        let bearer = ["Authorization": "Bearer \(token)"]
        let page = try Curl.request(console.base + "/jobs/set", headers: bearer).body
        let volumes = try #require(report.volumes)
        #expect(page.contains("Volume 1 of 2 · \(volumes[0].pages) pages") && page.contains("Volume 2 of 2 · \(volumes[1].pages) pages"), "\(page)")
        let last = volumes[0].pages + volumes[1].pages
        #expect(page.contains("page-\(last).jpg") && !page.contains("page-\(last + 1).jpg"))
        let large = try Curl.request(console.base + "/jobs/set/files/page-\(volumes[0].pages + 1)-large.jpg", headers: bearer)
        #expect(large.status == 200, "the second volume's first page: \(large.status)")
        #expect(try Curl.request(console.base + "/jobs/set/files/page-\(last + 1)-large.jpg", headers: bearer).status == 404)
    }

    /// A book that fits is one interior and one cover, as before; an order may ask for volumes.
    @Test func aBookThatFitsIsOneBookUnlessTheOrderAsks() throws {
        let workspace = try Workspace()
        var entries: [[String: Any]] = []
        let words = String(repeating: "More words to fill the page. ", count: 40)
        for day in 1...40 {
            let month: Int = (day - 1) / 4 + 1, date: Int = (day - 1) % 4 * 7 + 1
            entries.append(Sample.entry("e\(day)", String(format: "2025-%02d-%02dT09:00:00Z", month, date), text: "Words of day \(day). " + words))
        }
        try workspace.writeExport("anna", journal: Sample.journal(entries))
        let one = try workspace.render(Sample.order(id: "one", outputs: ["interior", "cover"]), name: "one")
        #expect(one.report.status == .done && one.report.volumes == nil)
        #expect(one.report.outputs.map(\.file) == ["interior.pdf", "cover.pdf"])
        // A page limit the book fits within: one book, under its usual names, one cover.
        var roomy = try #require(Sample.order(id: "roomy", outputs: ["interior", "cover"])["book"] as? [String: Any])
        roomy["volumes"] = ["max_pages": 400]
        let fits = try workspace.render(Sample.order(id: "roomy", outputs: ["interior", "cover"], extra: ["book": roomy]), name: "roomy")
        #expect(fits.report.status == .done && fits.report.volumes == nil, "\(String(describing: fits.report.error))")
        #expect(fits.report.outputs.map(\.file) == ["interior.pdf", "cover.pdf"])
        let two = try workspace.render(Sample.order(id: "two", outputs: ["interior", "cover"], extra: [
            "book": ["title": "Anna's Year", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                     "cover": ["preset": "night"], "volumes": 2] as [String: Any]]), name: "two")
        #expect(two.report.status == .done, "\(String(describing: two.report.error))")
        #expect(two.report.volumes?.map(\.number) == [1, 2])
        #expect(two.report.outputs.map(\.file) == ["interior-1.pdf", "cover-1.pdf", "interior-2.pdf", "cover-2.pdf"])
        // A photo cover: each volume shows its own first photo.
        let pictures = ["color/prism_pizza-rgb8-srgb.jpg", "orientation/libavif_dog_exif_extended_xmp_icc.jpg"]
        let export = try workspace.writeExport("pictures", journal: Sample.journal([
            Sample.entry("p1", "2025-01-03T09:00:00Z", text: "January.", photos: [["file": "photos/p0.jpg", "caption": "Pizza"]]),
            Sample.entry("p2", "2025-02-03T09:00:00Z", text: "February.", photos: [["file": "photos/p1.jpg", "caption": "Dog"]]),
        ]))
        for (index, path) in pictures.enumerated() {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"), to: export.appendingPathComponent("photos/p\(index).jpg"))
        }
        let photoBook: [String: Any] = ["title": "Pictures", "subtitle": NSNull(), "author": "Anna K.", "language": "en", "scope": ["all": true],
                                        "cover": ["preset": "photo", "photo": "photos/p0.jpg"], "volumes": 2]
        let covers = try workspace.render(Sample.order(id: "covers", export: "pictures", outputs: ["cover"], extra: ["book": photoBook]), name: "covers")
        #expect(covers.report.status == .done, "\(String(describing: covers.report.error))")
        let images = try (1...2).map { try Tool.run("pdfimages", ["-list", covers.folder.appendingPathComponent("cover-\($0).pdf").path]).output }
        let sizes = images.map { $0.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").prefix(5).joined(separator: " ") } }
        #expect(sizes[0] != sizes[1], "both volumes show the same photo: \(images)")
        let bad = try workspace.render(Sample.order(id: "bad", extra: [
            "book": ["title": "T", "subtitle": NSNull(), "author": "A", "language": "en", "scope": ["all": true],
                     "cover": ["preset": "night"], "volumes": "many"] as [String: Any]]), name: "bad")
        #expect(bad.report.status == .rejected && bad.report.error?.details.contains { $0.contains("book.volumes") } == true,
                "\(String(describing: bad.report.error))")
    }
}
