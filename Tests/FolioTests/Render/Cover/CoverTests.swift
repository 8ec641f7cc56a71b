import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress
@testable import Render

@Suite struct PrintGeometryTests {
    let workspace: Workspace
    init() throws { workspace = try Workspace() }

    static let mm = 72.0 / 25.4

    func book(product: String, entries: Int = 3, preset: String = "night") throws -> (report: JobReport, folder: URL) {
        let name = "\(product)-\(entries)-\(preset)"
        try workspace.writeExport(name, journal: Sample.journal((0..<entries).map {
            Sample.entry(String(format: "e%03d", $0), String(format: "2025-%02d-10T10:00:00Z", $0 % 12 + 1),
                         text: String(repeating: "A line of words for the page. ", count: 40))
        }))
        var order = Sample.order(id: name, export: name, outputs: ["interior", "cover"])
        order["product"] = product
        var bookFields = order["book"] as! [String: Any]
        bookFields["cover"] = ["preset": preset]
        order["book"] = bookFields
        return try workspace.render(order, name: name)
    }

    func expectBox(_ actual: [Double]?, _ expected: [Double], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let actual, actual.count == 4 else {
            Issue.record("\(what): no box", sourceLocation: sourceLocation)
            return
        }
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) <= 0.01 }, "\(what): \(actual) ≠ \(expected)", sourceLocation: sourceLocation)
    }

    @Test func a5SoftcoverBoxes() throws {
        let (report, folder) = try book(product: "a5-softcover")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let interior = folder.appendingPathComponent("interior.pdf")
        let (w, h, b) = (148 * Self.mm, 210 * Self.mm, 3 * Self.mm)
        for page in [1, 2] {
            let boxes = try PDFChecks.boxes(interior, page: page)
            expectBox(boxes["MediaBox"], [0, 0, w + 2 * b, h + 2 * b], "MediaBox p\(page)")
            expectBox(boxes["TrimBox"], [b, b, b + w, b + h], "TrimBox p\(page)")
            expectBox(boxes["BleedBox"], [0, 0, w + 2 * b, h + 2 * b], "BleedBox p\(page)")
        }
        let pages = try #require(report.outputs.first { $0.kind == "interior" }?.pages)
        #expect(pages >= 24 && pages % 2 == 0)
        // Spine: pages × 0.1 mm + 0.5 mm allowance.
        let spine = (Double(pages) * 0.1 + 0.5) * Self.mm
        let cover = try PDFChecks.boxes(folder.appendingPathComponent("cover.pdf"))
        expectBox(cover["TrimBox"], [b, b, b + 2 * w + spine, b + h], "cover TrimBox")
        expectBox(cover["BleedBox"], [0, 0, 2 * w + spine + 2 * b, h + 2 * b], "cover BleedBox")
        try PDFChecks.expectPrintReady(folder.appendingPathComponent("cover.pdf"))
    }

    @Test func saddleStitchIsPaddedToFoursHasNoSpineAndCropMarks() throws {
        let (report, folder) = try book(product: "a5-saddle-stitch")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let pages = try #require(report.outputs.first { $0.kind == "interior" }?.pages)
        #expect(pages % 4 == 0 && pages >= 8 && pages <= 64)
        let (w, h, b) = (148 * Self.mm, 210 * Self.mm, 3 * Self.mm)
        let reach = b + 3 + 12 + 3
        let interior = try PDFChecks.boxes(folder.appendingPathComponent("interior.pdf"), page: 2)
        expectBox(interior["MediaBox"], [0, 0, w + 2 * reach, h + 2 * reach], "MediaBox with marks")
        expectBox(interior["TrimBox"], [reach, reach, reach + w, reach + h], "TrimBox")
        expectBox(interior["BleedBox"], [reach - b, reach - b, reach + w + b, reach + h + b], "BleedBox")
        let cover = try PDFChecks.boxes(folder.appendingPathComponent("cover.pdf"))
        expectBox(cover["TrimBox"], [reach, reach, reach + 2 * w, reach + h], "saddle-stitched cover: no spine")
        try PDFChecks.expectPrintReady(folder.appendingPathComponent("interior.pdf"))
    }

    @Test func bleedOnTheOutsideOnlyFollowsRectoAndVerso() throws {
        let (report, folder) = try book(product: "square-210-softcover")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let interior = folder.appendingPathComponent("interior.pdf")
        let (w, b) = (210 * Self.mm, 3 * Self.mm)
        let recto = try PDFChecks.boxes(interior, page: 3), verso = try PDFChecks.boxes(interior, page: 4)
        expectBox(recto["MediaBox"], [0, 0, w + b, w + 2 * b], "recto MediaBox")
        expectBox(recto["TrimBox"], [0, b, w, b + w], "recto TrimBox: the inside (left) edge has no bleed")
        expectBox(verso["TrimBox"], [b, b, b + w, b + w], "verso TrimBox: the inside (right) edge has no bleed")
        expectBox(verso["BleedBox"], [0, 0, w + b, w + 2 * b], "verso BleedBox")
    }

    @Test func spineWidthFollowsPageCountAndCaliper() throws {
        let short = try book(product: "a5-softcover", entries: 2)
        let long = try book(product: "a5-softcover", entries: 40)
        func spine(_ result: (report: JobReport, folder: URL)) throws -> (pages: Int, width: Double) {
            let box = try #require(try PDFChecks.boxes(result.folder.appendingPathComponent("cover.pdf"))["TrimBox"])
            return (result.report.outputs.first { $0.kind == "interior" }?.pages ?? 0, box[2] - box[0] - 2 * 148 * Self.mm)
        }
        let (a, b) = (try spine(short), try spine(long))
        #expect(b.pages > a.pages)
        #expect(abs(a.width - (Double(a.pages) * 0.1 + 0.5) * Self.mm) < 0.01)
        #expect(abs(b.width - (Double(b.pages) * 0.1 + 0.5) * Self.mm) < 0.01)
    }

    @Test func theOutputProfileIsTheOutputIntent() throws {
        let (_, folder) = try book(product: "a5-softcover")
        for file in ["interior.pdf", "cover.pdf"] {
            let run = try Tool.run("qpdf", ["--json=2", "--json-key=qpdf", folder.appendingPathComponent(file).path])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let objects = try #require((json["qpdf"] as? [Any])?.last as? [String: Any])
            func value(_ ref: String) -> [String: Any]? {
                let object = objects["obj:\(ref)"] as? [String: Any]
                return (object?["value"] as? [String: Any]) ?? ((object?["stream"] as? [String: Any])?["dict"] as? [String: Any])
            }
            let trailer = try #require((objects["trailer"] as? [String: Any])?["value"] as? [String: Any])
            let rootRef = try #require(trailer["/Root"] as? String)
            let root = try #require(value(rootRef))
            let intents = try #require(root["/OutputIntents"] as? [Any])
            let intent = try #require(intents.first as? [String: Any])
            #expect(intent["/S"] as? String == "/GTS_PDFX")
            #expect((intent["/OutputConditionIdentifier"] as? String)?.contains("sRGB") == true)
            let profileRef = try #require(intent["/DestOutputProfile"] as? String)
            let profile = try #require(value(profileRef))
            #expect(profile["/N"] as? Int == 3)
        }
    }
}

@Suite struct CoverPresetTests {
    let workspace: Workspace
    init() throws { workspace = try Workspace() }

    /// Renders a page region at 72 dpi (one pixel a point) to a grid.
    func region(_ pdf: URL, page: Int = 1, x: Double, y: Double, width: Double, height: Double) throws -> ImageGrid {
        let prefix = workspace.root.appendingPathComponent("r-\(UUID().uuidString)")
        let run = try Tool.run("pdftoppm", ["-png", "-r", "72", "-f", String(page), "-l", String(page), "-x", String(Int(x.rounded())),
                                            "-y", String(Int(y.rounded())), "-W", String(Int(width)), "-H", String(Int(height)),
                                            "-singlefile", pdf.path, prefix.path])
        #expect(run.status == 0, "\(run.errors)")
        return try ImageGrid.load(prefix.appendingPathExtension("png"), size: 16)
    }

    @Test(arguments: CoverPreset.allCases)
    func presetDrawsTheSameFrontEverywhere(_ preset: CoverPreset) throws {
        let name = "preset-\(preset.rawValue)"
        let folder = try workspace.writeExport(name, journal: Sample.journal([Sample.entry("e1", "2025-01-03T10:00:00Z")]))
        try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"),
                                         to: folder.appendingPathComponent("photos/cover.jpg"))
        var order = Sample.order(id: name, export: name, outputs: ["interior", "cover"])
        var book = order["book"] as! [String: Any]
        book["cover"] = preset == .photo ? ["preset": "photo", "photo": "photos/cover.jpg"] : ["preset": preset.rawValue]
        book["subtitle"] = "Notes from a quiet year"
        order["book"] = book
        let (report, out) = try workspace.render(order, name: name)
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.preflight.isEmpty, "\(report.preflight)")
        let interior = out.appendingPathComponent("interior.pdf"), cover = out.appendingPathComponent("cover.pdf")
        try PDFChecks.expectPrintReady(cover)
        #expect(try Tool.pdfText(interior)[0].contains("Anna's Year"))

        // Covers are vector art: any image but the photo preset's would be Cairo rasterising a
        // region it cannot express in PDF.
        for (file, page) in [(interior, "1"), (cover, "1")] {
            let list = try Tool.run("pdfimages", ["-list", "-f", page, "-l", page, file.path]).output
            let images = list.split(separator: "\n").count - 2
            #expect(images == (preset == .photo ? 1 : 0), "\(preset) \(file.lastPathComponent): \(images) images")
        }

        let product = try workspace.config.product("a5-softcover")
        let (w, h, b) = (product.geometry.trimWidth, product.geometry.trimHeight, product.geometry.bleed)
        let pages = try #require(report.outputs.first?.pages)
        let frontX = b + w + product.spineWidth(pages: pages)
        let titlePage = try region(interior, x: b, y: b, width: w, height: h)
        let front = try region(cover, x: frontX, y: b, width: w, height: h)
        #expect(titlePage.difference(front) < 3, "\(preset): title page and spread front differ by \(titlePage.difference(front))")

        let content = CoverContent(preset: preset, title: "Anna's Year", subtitle: "Notes from a quiet year", author: "Anna K.",
                                   language: .english, photo: folder.appendingPathComponent("photos/cover.jpg"),
                                   seed: CoverContent.seed(name))
        let jpeg = try CoverRenderer(product: product).renderPicture(content, pixelWidth: Int(w))
        let header = try PhotoHeader.read(jpeg, maximumPixels: .max)
        #expect(header.format == .jpeg && header.storedWidth == Int(w))
        let file = workspace.root.appendingPathComponent("\(name).png")
        try CoverRenderer(product: product).renderPicture(content, pixelWidth: Int(w), png: true).write(to: file)
        let picture = try ImageGrid.load(file, size: 16)
        #expect(titlePage.difference(picture) < 4, "\(preset): cover picture and title page differ by \(titlePage.difference(picture))")
    }

    /// At 100 dpi the sheet's head and foot cut a pixel row in part: on the spine of a long
    /// book (wider than the art beside it reaches under it), each is the spine's colour like
    /// the rows inside it, not the paper showing through as a hairline.
    @Test(arguments: CoverPreset.allCases)
    func theSpineReachesTheSheetsEdges(_ preset: CoverPreset) throws {
        let product = try workspace.config.product("a5-softcover")
        let (w, h, b) = (product.geometry.trimWidth, product.geometry.trimHeight, product.geometry.bleed)
        let content = CoverContent(preset: preset, title: "Anna's Year", subtitle: nil, author: "Anna K.", language: .english,
                                   photo: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"), seed: 1)
        let cover = workspace.root.appendingPathComponent("spread-\(preset.rawValue).pdf")
        _ = try CoverRenderer(product: product).renderSpread(content, pages: 600, to: cover)
        let (x, width, height) = (b + w, product.spineWidth(pages: 600), h + 2 * b)
        #expect(width > 3 * b)
        let scale = 100.0 / 72
        let prefix = workspace.root.appendingPathComponent("spine-\(preset.rawValue)")
        let rows = Int((height * scale).rounded(.up))
        let run = try Tool.run("pdftoppm", ["-png", "-r", "100", "-x", String(Int((x * scale).rounded(.up))), "-y", "0",
                                            "-W", String(Int(width * scale) - 2), "-H", String(rows), "-singlefile", cover.path, prefix.path])
        try #require(run.status == 0, "\(run.errors)")
        let image = try PNGDecoder.decode(try Data(contentsOf: prefix.appendingPathExtension("png")))
        let channels = image.layout == .gray ? 1 : 3
        func pixel(_ column: Int, _ row: Int) -> [Int] {
            let base = (row * image.width + column) * channels
            return (0..<3).map { Int(image.pixels[base + (channels == 1 ? 0 : $0)]) }
        }
        var differing = 0
        for (edge, inside) in [(0, 3), (image.height - 1, image.height - 4)] {
            for column in 0..<image.width where zip(pixel(column, edge), pixel(column, inside)).contains(where: { abs($0 - $1) > 24 }) {
                differing += 1
            }
        }
        #expect(image.height == rows && image.width > 10)
        #expect(differing == 0, "\(preset): \(differing) pixels of the spine's head and foot rows differ from the rows inside")
    }

    @Test func theNightSkyIsSeededNotRandom() throws {
        let product = try workspace.config.product("a5-softcover")
        let content = CoverContent(preset: .night, title: "T", subtitle: nil, author: "A", language: .english, photo: nil, seed: 7)
        let renderer = CoverRenderer(product: product)
        #expect(try renderer.renderPicture(content, pixelWidth: 300, png: true) == renderer.renderPicture(content, pixelWidth: 300, png: true))
        var other = content
        other.seed = 8
        #expect(try renderer.renderPicture(content, pixelWidth: 300, png: true) != renderer.renderPicture(other, pixelWidth: 300, png: true))
    }
}
