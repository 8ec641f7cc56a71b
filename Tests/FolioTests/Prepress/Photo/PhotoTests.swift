import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The corpus photos (../shared/corpus/photos) through the whole renderer, read back from the PDF.
@Suite struct PhotoTests {
    let workspace: Workspace

    init() throws { workspace = try Workspace() }

    struct Book {
        var report: JobReport
        var pdf: URL
        /// Entry id of each corpus file, in order.
        var entries: [String]
    }

    /// One entry per photo, in the given order, so the PDF's images follow the same order.
    func render(_ paths: [String], name: String = "photos", product: String = "a5-softcover") throws -> Book {
        let export = workspace.exports.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        var entries: [[String: Any]] = []
        for (index, path) in paths.enumerated() {
            let file = (path as NSString).lastPathComponent
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"),
                                             to: export.appendingPathComponent("photos/\(index)-\(file)"))
            entries.append(Sample.entry(String(format: "p%02d", index), String(format: "2025-01-%02dT10:00:00Z", index + 1),
                                        text: file, photos: [["file": "photos/\(index)-\(file)", "caption": file]]))
        }
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: export.appendingPathComponent("journal.json"))
        let (report, folder) = try workspace.render(Sample.order(id: name, export: name, extra: ["product": product]), name: name)
        return Book(report: report, pdf: folder.appendingPathComponent("interior.pdf"), entries: entries.map { $0["id"] as! String })
    }

    /// The PDF's images, in document order, as pdfimages writes them (PNG, or the raw JPEG bytes).
    func images(_ pdf: URL, raw: Bool = false) throws -> [URL] {
        let folder = workspace.root.appendingPathComponent("images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Tool.run("pdfimages", [raw ? "-j" : "-png", pdf.path, folder.appendingPathComponent("i").path])
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyOrientationComesOutUpright() throws {
        let landscapes = (0...8).map { "orientation/recurser_Landscape_\($0).jpg" }
        let portraits = [1, 6, 8].map { "orientation/recurser_Portrait_\($0).jpg" }
        let hoppers = (2...8).map { "orientation/pillow_hopper_orientation_\($0).jpg" }
        let others = ["orientation/pillow_orientation_rectangle.jpg", "orientation/libavif_paris_exif_orientation_5.jpg",
                      "orientation/libavif_dog_exif_extended_xmp_icc.jpg"]
        let book = try render(landscapes + portraits + hoppers + others)
        #expect(book.report.status == .done)
        try PDFChecks.expectPrintReady(book.pdf)
        let files = try images(book.pdf)
        try #require(files.count == landscapes.count + portraits.count + hoppers.count + others.count)
        let grids = try files.map { try ImageGrid.load($0) }
        // Orientation 1 (and the invalid 0) is the upright reference for its set.
        let landscape = grids[1], portrait = grids[9]
        for (index, grid) in grids[0..<9].enumerated() {
            #expect(grid.width > grid.height, "Landscape_\(index)")
            #expect(grid.difference(landscape) < 8, "Landscape_\(index) differs by \(grid.difference(landscape))")
        }
        for (index, grid) in grids[9..<12].enumerated() {
            #expect(grid.height > grid.width, "Portrait \(index)")
            #expect(grid.difference(portrait) < 8, "Portrait \(index) differs by \(grid.difference(portrait))")
        }
        // Seven orientations of one picture must all agree once upright.
        for (index, grid) in grids[12..<19].enumerated() {
            #expect(grid.difference(grids[12]) < 8, "hopper_orientation_\(index + 2) differs by \(grid.difference(grids[12]))")
        }
        #expect(grids[19].height > grids[19].width, "a 2×1 image with orientation 8 stands 1×2")
        #expect(grids[20].height > grids[20].width, "orientation 5 of a landscape stands as a portrait")
        #expect(grids[21].height > grids[21].width, "the phone photo with orientation 6 stands as a portrait")
    }

    @Test func wideGamutPhotosMatchTheirSRGBVersion() throws {
        let names = ["srgb", "displayp3", "adobergb", "prophotorgb"].map { "color/prism_pizza-rgb8-\($0).jpg" }
            + ["color/prism_pizza-progressive.jpg", "color/prism_pizza-cmyk8-usswop.jpg"]
        let book = try render(names)
        #expect(book.report.status == .done)
        let grids = try images(book.pdf).map { try ImageGrid.load($0) }
        try #require(grids.count == names.count)
        for (name, grid) in zip(names, grids).dropFirst() {
            let difference = grid.deltaE(grids[0])
            let limit = name.contains("cmyk") ? (mean: 6.0, max: 20.0) : (mean: 2.5, max: 8.0)
            #expect(difference.mean < limit.mean && difference.max < limit.max, "\(name): ΔE mean \(difference.mean), max \(difference.max)")
        }
    }

    @Test func untaggedCMYKIsNeitherInvertedNorShifted() throws {
        let book = try render(["color/pillow_pil_sample_cmyk.jpg"])
        let ours = try ImageGrid.load(try #require(try images(book.pdf).first))
        // Pillow, an independent decoder, gives the reference (it honours Adobe's inversion).
        let reference = workspace.root.appendingPathComponent("reference.png")
        let run = try Tool.run("python3", ["-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2])",
                                           corpusRoot.appendingPathComponent("photos/color/pillow_pil_sample_cmyk.jpg").path, reference.path])
        try #require(run.status == 0, "\(run.errors)")
        let difference = ours.difference(try ImageGrid.load(reference))
        #expect(difference < 12, "differs from Pillow by \(difference)")
    }

    @Test func anUntouchedSRGBJPEGIsEmbeddedByteForByte() throws {
        let book = try render(["color/prism_pizza-rgb8-srgb.jpg", "codec/libjpeg-turbo_testorig.jpg"])
        let embedded = try images(book.pdf, raw: true)
        try #require(embedded.count == 2)
        #expect(try Data(contentsOf: embedded[0]) == Data(contentsOf: corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg")))
        #expect(try Data(contentsOf: embedded[1]) == Data(contentsOf: corpusRoot.appendingPathComponent("photos/codec/libjpeg-turbo_testorig.jpg")))
    }

    /// The same for a CMYK press: a placeholder is drawn, not converted.
    @Test(arguments: ["a5-softcover", "a5-softcover-fogra39"])
    func brokenPhotosBecomePlaceholdersAndWarnings(_ product: String) throws {
        let broken = ["bimg_corrupt.jpg", "derived_prism_pizza-srgb_truncated_50pct.jpg", "pillow_truncated_jpeg.jpg",
                      "sharp_corrupt-header.jpg", "sharp_giant-image_20000x14000.jpg", "zero_bytes.jpg"]
        // The Day One fixture's 2×2 PNG has a bad zlib checksum (Pillow refuses it too).
        let dayOnePNG = "../exports/dayone2_json/automattic_fictional/photos/a36a701e0fe5e46e37fb460b40ccda7b.png"
        let book = try render(broken.map { "broken/\($0)" } + ["codec/libjpeg-turbo_monkey12.jpg", dayOnePNG], product: product)
        #expect(book.report.status == .done, "one bad photo never stops the book")
        try PDFChecks.expectPrintReady(book.pdf)
        let expected = ["photo-corrupt", "photo-corrupt", "photo-corrupt", "photo-corrupt", "photo-too-large",
                        "photo-not-an-image", "photo-unsupported", "photo-corrupt"]
        for (entry, code) in zip(book.entries, expected) {
            let finding = book.report.preflight.first { $0.entry == entry }
            #expect(finding?.code == code, "\(entry): \(String(describing: finding))")
            #expect(finding?.severity == .warning)
            #expect(finding?.message.contains("photos/") == true)
        }
        #expect(try images(book.pdf).isEmpty)
        let text = try Tool.pdfText(book.pdf).joined()
        #expect(text.components(separatedBy: "Photo unavailable").count - 1 == expected.count)
    }

    @Test func damagedButReadablePhotosStillPrint() throws {
        let book = try render(["broken/pillow_jpeg_ff00_header.jpg", "broken/adobe_png-masquerading-as-jpg.jpg"])
        #expect(try images(book.pdf).count == 2)
        #expect(book.report.preflight.contains { $0.code == "photo-misnamed" && $0.entry == book.entries[1] })
        #expect(!book.report.preflight.contains { $0.code.hasPrefix("photo-") && $0.code != "photo-misnamed" })
    }

    /// Every codec, for both presses: gray, arithmetic-coded and progressive files come out in
    /// the product's own colour space.
    @Test(arguments: ["a5-softcover", "a5-softcover-fogra39"])
    func everyCodecDecodes(_ product: String) throws {
        let names = ["color/prism_pizza-progressive.jpg", "codec/libjpeg-turbo_testimgari.jpg", "color/pillow_hopper_gray.jpg",
                     "color/sharp_concert_gray_icc.jpg", "color/pillow_icc_profile_big.jpg", "color/libavif_apple_gainmap_old.jpg",
                     "color/prism_pizza-cmyk8-usswop.jpg", "color/pillow_pil_sample_cmyk.jpg"]
        let book = try render(names, product: product)
        #expect(book.report.status == .done, "\(String(describing: book.report.error))")
        #expect(try images(book.pdf).count == names.count)
        #expect(!book.report.preflight.contains { $0.code.hasPrefix("photo-") && $0.severity != .info })
        // The untagged CMYK photo is taken as the press's colour only where the press is CMYK.
        #expect(book.report.preflight.contains { $0.code == "photo-cmyk-assumed" } == product.hasSuffix("fogra39"))
        let colours = try PDFChecks.imageColours(book.pdf)
        let wanted = product.hasSuffix("fogra39") ? ["cmyk"] : ["rgb", "gray"]
        #expect(colours.allSatisfy(wanted.contains), "\(product): \(colours)")
    }

    @Test func lowResolutionIsReportedWithPageAndEntry() throws {
        let book = try render(["color/pillow_hopper_gray.jpg", "orientation/libavif_dog_exif_extended_xmp_icc.jpg"])
        let low = book.report.preflight.filter { $0.code == "low-resolution-image" }
        #expect(low.count == 1)
        #expect(low.first?.entry == book.entries[0])
        #expect((low.first?.page ?? 0) > 4)
        #expect(low.first?.message.contains("ppi") == true)
    }
}
