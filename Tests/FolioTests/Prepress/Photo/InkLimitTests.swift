import Foundation
import FolioTestSupport
import Testing
@testable import Import
@testable import Jobs
@testable import Prepress
@testable import Render

/// Ink limits that hold on real photos, for every CMYK press: a book of every corpus CMYK and
/// wide-gamut photo, a phone photo turned by EXIF, a synthetic 400 % rich black and a near-black
/// night shot, interior and photo cover, ends `done` for each CMYK product, and both Folio's own
/// reading and Ghostscript's CMYK separation find no square millimetre over the product's limit.
@Suite(.serialized) struct InkLimitTests {
    static let corpusPhotos = ["color/prism_pizza-cmyk8-usswop.jpg", "color/pillow_pil_sample_cmyk.jpg", "color/prism_pizza-rgb8-adobergb.jpg",
                               "color/prism_pizza-rgb8-displayp3.jpg", "color/prism_pizza-rgb8-prophotorgb.jpg",
                               "color/widegamut_P3-sRGB-color-bars.jpg", "color/widegamut_R2020-sRGB-color-bars.jpg",
                               "color/libavif_apple_gainmap_old.jpg", "orientation/libavif_paris_exif_orientation_5.jpg"]
    static let products = [("a5-softcover-fogra39", 330.0), ("gelato-a5-softcover", 320.0), ("ingramspark-a5-paperback", 240.0)]

    /// The highest C + M + Y + K averaged over any 5 × 5 pixels of Ghostscript's CMYK rendering at
    /// 127 dpi (1 mm), over every page, and what Ghostscript said.
    static let ghostscriptAreaInk = """
        import glob, subprocess, sys, tempfile
        import numpy
        from PIL import Image
        with tempfile.TemporaryDirectory() as folder:
            run = subprocess.run(['gs', '-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=tiff32nc', '-r127',
                                  '-sOutputFile=' + folder + '/p%04d.tif', sys.argv[1]], capture_output=True, text=True)
            highest = 0.0
            for page in sorted(glob.glob(folder + '/*.tif')):
                ink = numpy.asarray(Image.open(page)).astype(numpy.int64).sum(axis=2)
                table = numpy.pad(ink.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
                n = 5
                if ink.shape[0] >= n and ink.shape[1] >= n:
                    area = table[n:, n:] - table[:-n, n:] - table[n:, :-n] + table[:-n, :-n]
                    highest = max(highest, area.max() / (n * n) * 100 / 255)
            print(run.returncode, round(highest, 1), (run.stdout + run.stderr).strip().replace('\\n', ' | '))
        """

    /// A diary of the photos above, the rich black as the photo cover.
    func workspace() throws -> Workspace {
        let workspace = try Workspace()
        let export = workspace.exports.appendingPathComponent("inks")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("photos"), withIntermediateDirectories: true)
        var entries: [[String: Any]] = []
        for (index, path) in Self.corpusPhotos.enumerated() {
            try FileManager.default.copyItem(at: corpusRoot.appendingPathComponent("photos/\(path)"), to: export.appendingPathComponent("photos/\(index).jpg"))
            entries.append(Sample.entry("p\(index)", String(format: "2025-01-%02dT08:00:00Z", index + 1), text: "A photo: \(path).",
                                        photos: [["file": "photos/\(index).jpg"]]))
        }
        // Made with Pillow: every ink at 100 % (400 %), and an sRGB night of near-black blues.
        let make = """
            import sys
            from PIL import Image
            Image.new('CMYK', (1200, 800), (255, 255, 255, 255)).save(sys.argv[1], quality=95)
            night = Image.new('RGB', (1200, 800), (2, 3, 12))
            night.paste((12, 10, 30), (300, 200, 900, 600))
            night.save(sys.argv[2], quality=95)
            """
        let made = try Tool.run("python3", ["-c", make, export.appendingPathComponent("photos/black.jpg").path,
                                            export.appendingPathComponent("photos/night.jpg").path])
        try #require(made.status == 0, "\(made.errors)")
        entries.append(Sample.entry("black", "2025-02-01T08:00:00Z", text: "Rich black.", photos: [["file": "photos/black.jpg"]]))
        entries.append(Sample.entry("night", "2025-02-02T08:00:00Z", text: "A night shot.", photos: [["file": "photos/night.jpg"]]))
        try JSONSerialization.data(withJSONObject: Sample.journal(entries)).write(to: export.appendingPathComponent("journal.json"))
        return workspace
    }

    @Test(arguments: products)
    func everyPhotoStaysUnderThePressLimit(_ product: String, _ limit: Double) throws {
        let workspace = try workspace()
        var order = Sample.order(id: "inks", export: "inks", outputs: ["interior", "cover"], extra: ["product": product])
        var book = order["book"] as? [String: Any] ?? [:]
        book["cover"] = ["preset": "photo", "photo": "photos/black.jpg"]
        order["book"] = book
        let (report, folder) = try workspace.render(order, name: product)
        #expect(report.status == .done, "\(product): \(String(describing: report.error))")
        #expect(!report.preflight.contains { $0.code == "ink-limit-exceeded" }, "\(report.preflight)")
        #expect(report.preflight.contains { $0.code == "photo-cmyk-assumed" && $0.message.hasPrefix("photos/1.jpg") })
        for file in ["interior.pdf", "cover.pdf"] {
            let pdf = folder.appendingPathComponent(file)
            let reading = try Tool.run("python3", ["-c", Self.ghostscriptAreaInk, pdf.path]).output
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
            #expect(reading.first == "0", "\(file): Ghostscript said \(reading.dropFirst(2))")
            let highest = try #require(reading.dropFirst().first.flatMap(Double.init))
            #expect(highest <= limit, "\(product) \(file): Ghostscript finds \(highest) % over a square millimetre; the limit is \(limit) %")
            // The photos are heavy: the limit is reached, not undershot by a wide margin.
            if file == "interior.pdf" { #expect(highest >= limit - 20, "\(product): only \(highest) %") }
        }
    }

    /// With the limiter off, the same book fails the verifier with the page and the object.
    @Test func withoutTheLimiterThePhotoIsCaught() throws {
        let workspace = try workspace()
        var product = try workspace.config.product("ingramspark-a5-paperback")
        let order = Sample.order(id: "off", export: "inks", outputs: ["interior"], extra: ["product": "ingramspark-a5-paperback"])
        let input = try JobInput.load(orderData: try JSONSerialization.data(withJSONObject: order), orderFile: "off.json", config: try workspace.config)
        let resolved = Resolver.resolve(order: input.order, journal: input.journal)
        let folder = workspace.jobs.appendingPathComponent("off")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        product.maximumInkPercent = 400
        let photos = try PhotoPool(product: product, scratch: folder.appendingPathComponent(".photos"))
        defer { photos.close() }
        let interior = try InteriorStage(product: product, thumbnails: false).run(resolved.book, cover: input.coverContent, photos: photos, into: folder)
        let findings = VerifyStage(product: input.product).run([(.interior, interior.file, interior.pages)], interiorPages: interior.pages,
                                                               forbidden: [])
        let ink = findings.filter { $0.code == "ink-limit-exceeded" }
        #expect(!ink.isEmpty && ink.allSatisfy { $0.severity == .error && $0.page != nil && $0.message.contains("object") }, "\(findings)")
    }

    @Test func aCMYKProductWithoutALimitIsAConfigError() throws {
        let workspace = try Workspace()
        let file = workspace.root.appendingPathComponent("config/products/no-limit.json")
        let gelato = try String(contentsOf: workspace.root.appendingPathComponent("config/products/gelato-a5-softcover.json"), encoding: .utf8)
        try gelato.replacingOccurrences(of: "\"max_ink_percent\": 320,", with: "").write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: InputError.self) { try workspace.config.product("no-limit") }
    }

    /// The rule itself: one over-inked pixel is JPEG's noise; a square millimetre is a patch.
    @Test func coverageIsJudgedOverASquareMillimetre() {
        let (width, height) = (100, 100)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for channel in 0..<4 { pixels[(50 * width + 50) * 4 + channel] = 255 }
        let window = InkCoverage.window(pixelWidth: width, placedWidthMM: 10)
        #expect(window == 10)
        let dot = pixels.withUnsafeBufferPointer { InkCoverage.highestPercent($0, width: width, height: height, inverted: false, window: window) }
        #expect(abs(dot - 4) < 0.001, "one 400 % dot in a 10 × 10 window is 4 %")
        for y in 20..<30 { for x in 20..<30 { for channel in 0..<4 { pixels[(y * width + x) * 4 + channel] = 204 } } }
        let patch = pixels.withUnsafeBufferPointer { InkCoverage.highestPercent($0, width: width, height: height, inverted: false, window: window) }
        #expect(abs(patch - 320) < 0.01, "\(patch)")
    }
}
