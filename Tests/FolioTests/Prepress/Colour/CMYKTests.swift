import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress
@testable import Render

/// A book for a CMYK press (the FOGRA39 product): photos and drawing in inks only, the photos'
/// colours kept, nothing inverted, and the EPUB still in sRGB.
@Suite struct CMYKTests {
    let workspace: Workspace
    let report: JobReport
    let folder: URL
    static let photos = ["color/prism_pizza-rgb8-srgb.jpg", "color/prism_pizza-rgb8-displayp3.jpg",
                         "color/prism_pizza-cmyk8-usswop.jpg", "color/pillow_pil_sample_cmyk.jpg",
                         "orientation/recurser_Landscape_6.jpg"]
    var interior: URL { folder.appendingPathComponent("interior.pdf") }
    var cover: URL { folder.appendingPathComponent("cover.pdf") }
    var profile: URL { workspace.root.appendingPathComponent("config/icc/FOGRA39.icc") }

    init() throws {
        workspace = try Workspace()
        let export = try workspace.writeExport("anna", journal: Sample.journal(Self.photos.enumerated().map { index, path in
            Sample.entry("p\(index)", String(format: "2025-01-%02dT10:00:00Z", index + 1), text: "Photo \(index).",
                         photos: [["file": "photos/\(index).jpg", "caption": (path as NSString).lastPathComponent]])
        }))
        for (index, path) in Self.photos.enumerated() {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"),
                                             to: export.appendingPathComponent("photos/\(index).jpg"))
        }
        var order = Sample.order(outputs: ["interior", "cover", "epub"], extra: ["product": "a5-softcover-fogra39"])
        var book = order["book"] as? [String: Any] ?? [:]
        book["cover"] = ["preset": "photo", "photo": "photos/1.jpg"]
        order["book"] = book
        (report, folder) = try workspace.render(order)
    }

    /// The file uncompressed by qpdf, an independent reader of every content stream.
    func uncompressed(_ pdf: URL) throws -> String {
        let out = workspace.root.appendingPathComponent("qdf-\(UUID().uuidString).pdf")
        let run = try Tool.run("qpdf", ["--qdf", "--object-streams=disable", pdf.path, out.path])
        try #require(run.status == 0, "\(run.errors)")
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    /// Read independently of Folio: qpdf uncompresses every stream, and the text must set no RGB
    /// colour, name no DeviceRGB, and carry the FOGRA39 intent.
    func expectInksOnly(_ pdf: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try uncompressed(pdf)
        let lines = text.split(separator: "\n")
        #expect(!lines.contains { $0.hasSuffix(" rg") || $0.hasSuffix(" RG") || $0.contains(" rg ") || $0.contains(" RG ") },
                "\(pdf.path) still sets RGB colours", sourceLocation: sourceLocation)
        #expect(!text.contains("/DeviceRGB") && !text.contains("/CalRGB"), "\(pdf.path) still names RGB", sourceLocation: sourceLocation)
        #expect(lines.contains { $0.hasSuffix(" k") || $0.contains(" k ") }, "\(pdf.path) sets no CMYK colour", sourceLocation: sourceLocation)
        #expect(text.contains("/OutputConditionIdentifier (FOGRA39)"), sourceLocation: sourceLocation)
        #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == "/N 4" }, "the output intent's profile is not CMYK",
                sourceLocation: sourceLocation)
    }

    @Test func photosAndDrawingAreInInksOnly() throws {
        #expect(report.status == .done, "\(String(describing: report.error))")
        #expect(report.product == .init(id: "a5-softcover-fogra39", name: "A5 softcover, perfect bound, CMYK (FOGRA39 coated)",
                                        outputCondition: "FOGRA39"))
        #expect(try JobReportPage.html(report, folder: folder).contains("colour: FOGRA39"),
                "the operator's page does not say what the book prints in")
        #expect(!report.preflight.contains { $0.severity == .error }, "\(report.preflight)")
        for pdf in [interior, cover] {
            try PDFChecks.expectPrintReady(pdf)
            let colours = try PDFChecks.imageColours(pdf)
            // The interior's title page shows the cover photo too.
            #expect(colours.count == (pdf == cover ? 1 : 1 + Self.photos.count), "\(pdf.lastPathComponent): \(colours)")
            #expect(colours.allSatisfy { $0 == "cmyk" }, "\(pdf.lastPathComponent): \(colours)")
            try expectInksOnly(pdf)
        }
    }

    @Test func theEPUBKeepsScreenColours() throws {
        let zip = ZipReader(bytes: try Data(contentsOf: folder.appendingPathComponent("book.epub")))
        let images = zip.entries.filter { $0.name.hasSuffix(".jpg") }
        #expect(images.count >= Self.photos.count)
        for entry in images {
            let header = try PhotoHeader.read(Data(try zip.data(entry)), maximumPixels: .max)
            #expect(header.components == 3, "\(entry.name) has \(header.components) components")
        }
    }

    /// Extracted as stored, converted back to sRGB through the print profile by Pillow
    /// (ImageCms), each pizza stays close to the sRGB original.
    @Test func photoColoursSurviveTheTripToInk() throws {
        let folder = workspace.root.appendingPathComponent("raw")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Tool.run("pdfimages", ["-j", interior.path, folder.appendingPathComponent("i").path])
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        // Image 0 is the title page's cover photo; the entries' photos follow in order.
        try #require(files.count == 1 + Self.photos.count)
        let script = """
            import sys
            from PIL import Image, ImageCms
            source, profile, output = sys.argv[1:4]
            image = Image.open(source)
            if image.mode == 'CMYK':
                image = ImageCms.profileToProfile(image, profile, ImageCms.createProfile('sRGB'), outputMode='RGB',
                                                  renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
            image.convert('RGB').save(output)
            """
        func grid(_ file: URL) throws -> ImageGrid {
            // Beside the test's own files: the corpus is read-only and shared.
            let png = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".srgb.png")
            let run = try Tool.run("python3", ["-c", script, file.path, profile.path, png.path])
            try #require(run.status == 0, "\(run.errors)")
            return try ImageGrid.load(png)
        }
        let original = try grid(corpusRoot.appendingPathComponent("photos/color/prism_pizza-rgb8-srgb.jpg"))
        for index in 0..<3 {
            let difference = try grid(files[1 + index]).deltaE(original)
            #expect(difference.mean < 3 && difference.max < 10, "\(Self.photos[index]): ΔE mean \(difference.mean), max \(difference.max)")
        }
    }

    /// Untagged CMYK is taken as the press's own (the report says so, naming the photo), held to
    /// the ink limit like any photo rather than passed through unchecked, and shown the right
    /// way round.
    @Test func untaggedCMYKIsTakenAsThePressColourAndShownUninverted() throws {
        let folder = workspace.root.appendingPathComponent("pass")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Tool.run("pdfimages", ["-png", interior.path, folder.appendingPathComponent("p").path])
        let original = corpusRoot.appendingPathComponent("photos/color/pillow_pil_sample_cmyk.jpg")
        #expect(report.preflight.contains { $0.code == "photo-cmyk-assumed" && $0.severity == .info && $0.message.hasPrefix("photos/3.jpg:") },
                "\(report.preflight)")
        // Poppler applies the /Decode array; Pillow honours Adobe's inversion on its own.
        let reference = folder.appendingPathComponent("reference.png")
        _ = try Tool.run("python3", ["-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2])",
                                     original.path, reference.path])
        let shown = try ImageGrid.load(folder.appendingPathComponent("p-004.png"))
        let expected = try ImageGrid.load(reference)
        var negative = expected
        negative.cells = expected.cells.map { $0.map { 255 - $0 } }
        #expect(shown.difference(expected) < 15, "differs from Pillow by \(shown.difference(expected))")
        #expect(shown.difference(negative) > 3 * shown.difference(expected))
    }

    /// CMYK rides through pixman's resampling as four independent channels (black in the alpha
    /// byte): less black than colour, which premultiplied arithmetic would clamp, comes out as
    /// it went in. The file stores 255 − ink (Adobe's marker), so the inks here are
    /// (215, 55, 165, 25) and (245, 35, 215, 165).
    @Test func cmykSurvivesResampling() throws {
        let (width, height) = (2400, 1200)
        let left: [UInt8] = [40, 200, 90, 230], right: [UInt8] = [10, 220, 40, 90]
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<4 { pixels[(y * width + x) * 4 + channel] = (x < width / 2 ? left : right)[channel] }
            }
        }
        let file = workspace.root.appendingPathComponent("flat-cmyk.jpg")
        try JPEGEncoder.encode(pixels: pixels, width: width, height: height, components: 4, quality: 95).write(to: file)
        let pipeline = PhotoPipeline(product: try workspace.config.product("a5-softcover-fogra39"))
        let prepared = try pipeline.prepare(file, cap: PhotoCap.grid, for: .print)
        #expect(!prepared.passedThrough && prepared.pixelWidth == PhotoCap.grid && prepared.pixelHeight == PhotoCap.grid / 2)
        let header = try PhotoHeader.read(prepared.jpeg, maximumPixels: .max)
        let image = try PhotoReader.decode(prepared.jpeg, header: header, targetLongEdge: PhotoCap.grid)
        #expect(image.layout == .cmyk(inverted: true))
        for (x, expected) in [(prepared.pixelWidth / 4, left), (prepared.pixelWidth * 3 / 4, right)] {
            let base = (image.height / 2 * image.width + x) * 4
            let found = Array(image.pixels[base..<(base + 4)])
            #expect(zip(found, expected).allSatisfy { abs(Int($0) - Int($1)) <= 3 }, "expected \(expected), found \(found)")
        }
    }

    /// The verifier catches what the finisher prevents.
    @Test func rgbAndInvertedJPEGsAreCaught() throws {
        let good = try Data(contentsOf: interior)
        let product = try workspace.config.product("a5-softcover-fogra39")
        let expectations = VerificationExpectations(sheet: product.interiorSheet, pageRules: product.pageRules, outputComponents: 4)
        func codes(_ data: Data, _ expectations: VerificationExpectations) throws -> Set<String> {
            let file = workspace.root.appendingPathComponent("mutant-\(UUID().uuidString).pdf")
            try data.write(to: file)
            return Set(PDFVerifier(expectations: expectations, thorough: false).verify(file).filter { $0.severity == .error }.map(\.code))
        }
        #expect(try codes(good, expectations).isEmpty)
        // The Adobe-inverted JPEGs without their /Decode (same length, so offsets stay valid).
        var undecoded = good
        while let range = undecoded.range(of: Data("/Decode".utf8)) { undecoded.replaceSubrange(range, with: Data("/Decodx".utf8)) }
        #expect(try codes(undecoded, expectations).contains("cmyk-jpeg-inverted"))
        // An sRGB book verified as if it were for the CMYK press.
        let rgbBook = try workspace.render(Sample.order(id: "rgb-1", outputs: ["interior"]), name: "rgb")
        #expect(rgbBook.report.product?.outputCondition == "sRGB IEC61966-2.1")
        let rgb = try Data(contentsOf: rgbBook.folder.appendingPathComponent("interior.pdf"))
        #expect(try codes(rgb, expectations).isSuperset(of: ["rgb-in-cmyk", "output-intent-profile"]))
    }

    /// Every preset's gradients, transparency and text come out in inks, looking as they do in
    /// sRGB (Poppler's CMYK display is a rough one, hence the margin; a negative, a lost
    /// gradient or an opaque scrim is far beyond it).
    @Test(arguments: CoverPreset.allCases)
    func everyCoverPresetPrintsInInks(_ preset: CoverPreset) throws {
        func render(product: String) throws -> ImageGrid {
            let name = "\(preset.rawValue)-\(product)"
            var order = Sample.order(id: name, outputs: ["cover"], extra: ["product": product])
            var book = order["book"] as? [String: Any] ?? [:]
            book["cover"] = preset == .photo ? ["preset": "photo", "photo": "photos/1.jpg"] : ["preset": preset.rawValue]
            order["book"] = book
            let (report, out) = try workspace.render(order, name: name)
            #expect(report.status == .done, "\(name): \(String(describing: report.error))")
            #expect(!report.preflight.contains { $0.severity == .error }, "\(name): \(report.preflight)")
            let pdf = out.appendingPathComponent("cover.pdf")
            if product.hasSuffix("fogra39") { try expectInksOnly(pdf) }
            let prefix = out.appendingPathComponent("front")
            let run = try Tool.run("pdftoppm", ["-r", "24", "-png", "-singlefile", pdf.path, prefix.path])
            try #require(run.status == 0, "\(run.errors)")
            return try ImageGrid.load(prefix.appendingPathExtension("png"), size: 16)
        }
        let screen = try render(product: "a5-softcover"), press = try render(product: "a5-softcover-fogra39")
        #expect(press.difference(screen) < 25, "\(preset): the CMYK cover differs from the sRGB one by \(press.difference(screen))")
    }
}
