import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// The print-on-demand services' products, as shipped in config/products: the English and the
/// Russian corpus books rendered for each, and read back with pdfinfo, pikepdf, Ghostscript and
/// poppler: the standard it claims, total ink under its limit, the spine the service's formula
/// gives, and a plain barcode zone.
@Suite(.serialized) struct ServiceProductTests {
    struct Service: Sendable, CustomTestStringConvertible {
        var product: String
        var pdfx: PDFXStandard?
        var inkLimit: Double?
        /// The service's spine formula, in inches, for a page count.
        var spine: @Sendable (Int) -> Double
        var testDescription: String { product }
    }

    static let services = [
        Service(product: "lulu-a5-paperback", pdfx: nil, inkLimit: nil, spine: { Double($0) / 444 + 0.06 }),
        Service(product: "kdp-a5-paperback", pdfx: nil, inkLimit: nil, spine: { Double($0) * 0.002252 }),
        Service(product: "ingramspark-a5-paperback", pdfx: .x1a2001, inkLimit: 240, spine: { Double($0) * 0.0025 }),
        Service(product: "gelato-a5-softcover", pdfx: .x4, inkLimit: nil, spine: { Double($0) * 0.1 / 25.4 }),
    ]

    /// The highest C + M + Y + K Ghostscript finds on any page, rendering to CMYK at 72 dpi (or
    /// the resolution given after the file), and what it said on stderr.
    static let ghostscriptInk = """
        import glob, subprocess, sys, tempfile
        import numpy
        from PIL import Image
        with tempfile.TemporaryDirectory() as folder:
            run = subprocess.run(['gs', '-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=tiff32nc', '-r' + (sys.argv[2] if len(sys.argv) > 2 else '72'),
                                  '-sOutputFile=' + folder + '/p%04d.tif', sys.argv[1]], capture_output=True, text=True)
            highest = 0.0
            for page in sorted(glob.glob(folder + '/*.tif')):
                pixels = numpy.asarray(Image.open(page)).astype(int)
                highest = max(highest, pixels.sum(axis=2).max() * 100 / 255)
            print(run.returncode, round(highest, 1), (run.stdout + run.stderr).strip().replace('\\n', ' | '))
        """

    @Test(arguments: services)
    func theServicesFilesMeetTheirRules(_ service: Service) throws {
        let workspace = try Workspace()
        for (text, name) in [(CorpusExport.Text.pepys, "pepys"), (.dostoevsky, "dostoevsky")] {
            try CorpusExport.write(text, into: workspace, name: name, limit: 60)
            var order = Sample.order(id: name, export: name, language: text.language, outputs: ["interior", "cover"],
                                     extra: ["product": service.product])
            order["book"] = PDFXTests.book(language: text.language, preset: "forest")
            let (report, folder) = try workspace.render(order, name: "\(service.product)-\(name)")
            #expect(report.status == .done, "\(name): \(String(describing: report.error))")
            let pages = try #require(report.outputs.first { $0.kind == "interior" }?.pages)
            for file in ["interior.pdf", "cover.pdf"] {
                let pdf = folder.appendingPathComponent(file).path
                let info = try Tool.run("pdfinfo", [pdf]).output
                if let standard = service.pdfx {
                    let reading = try Tool.run("python3", ["-c", PDFXTests.independentReading, pdf])
                    let found = try #require(try JSONSerialization.jsonObject(with: Data(reading.output.utf8)) as? [String: Any], "\(reading.errors)")
                    try PDFXTests.expectIdentification(standard, of: pdf, found: found)
                    #expect(found["intents"] as? Int == 1 && found["boxes_ok"] as? Bool == true)
                    if !standard.allowsTransparency { #expect(found["transparency"] as? [String] == [], "\(file): \(found)") }
                } else {
                    #expect(!info.contains("PDF subtype"), "\(file): a plain PDF claims no standard")
                }
                let ink = try Tool.run("python3", ["-c", Self.ghostscriptInk, pdf]).output.trimmingCharacters(in: .whitespacesAndNewlines)
                    .split(separator: " ", maxSplits: 2).map(String.init)
                        #expect(ink.first == "0" && ink.count == 2, "\(file): Ghostscript said \(ink.dropFirst(2))")
                if let limit = service.inkLimit, let highest = ink.dropFirst().first.flatMap(Double.init) {
                    #expect(highest <= limit, "\(file): \(highest) % total ink, the limit is \(limit) %")
                }
            }
            // The spine: the cover's trim is two covers and the spine.
            let product = try workspace.config.product(service.product)
            let cover = try Tool.run("pdfinfo", ["-box", folder.appendingPathComponent("cover.pdf").path]).output
            let trim = try #require(cover.split(separator: "\n").first { $0.hasPrefix("TrimBox:") }?
                .split(separator: " ").compactMap { Double($0) })
            let spine = (trim[2] - trim[0] - 2 * product.geometry.trimWidth) / 72
            #expect(abs(spine - service.spine(pages)) < 0.01, "spine \(spine) in for \(pages) pages; the service's formula gives \(service.spine(pages))")
            if let zone = product.barcodeZone {
                try expectPlainZone(zone, cover: folder.appendingPathComponent("cover.pdf"), product: product, workspace: workspace)
            }
        }
    }

    /// Every pixel of the barcode zone (less a pixel of anti-aliasing at its edge) is paper white.
    func expectPlainZone(_ zone: Product.BarcodeZone, cover: URL, product: Product, workspace: Workspace) throws {
        let prefix = workspace.root.appendingPathComponent("cover-page").path
        _ = try Tool.run("pdftoppm", ["-r", "144", "-png", "-singlefile", cover.path, prefix])
        let scale = 144.0 / 72
        let bleed = product.geometry.bleed
        let left = (bleed + product.geometry.trimWidth - zone.fromSpine - zone.width) * scale
        let top = (bleed + product.geometry.trimHeight - zone.fromBottom - zone.height) * scale
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGB')
            l, t, w, h = [float(v) for v in sys.argv[2:6]]
            box = image.crop((int(l) + 2, int(t) + 2, int(l + w) - 2, int(t + h) - 2))
            print(sorted(set(box.getdata()))[:5])
            """
        let colours = try Tool.run("python3", ["-c", script, prefix + ".png", String(left), String(top), String(zone.width * scale),
                                               String(zone.height * scale)]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(colours == "[(255, 255, 255)]", "the barcode zone holds \(colours)")
    }

    /// A 320 % patch added to a verified IngramSpark interior is caught with its code.
    @Test func aPatchAboveTheInkLimitIsCaught() throws {
        let workspace = try Workspace()
        try CorpusExport.write(.pepys, into: workspace, name: "pepys", limit: 10)
        var order = Sample.order(id: "ink", export: "pepys", outputs: ["interior"], extra: ["product": "ingramspark-a5-paperback"])
        order["book"] = PDFXTests.book(language: "en", preset: "forest")
        let (report, folder) = try workspace.render(order, name: "ink")
        #expect(report.status == .done, "\(String(describing: report.error))")
        let source = folder.appendingPathComponent("interior.pdf")
        let target = workspace.root.appendingPathComponent("patched.pdf")
        let patch = """
            import sys, pikepdf
            with pikepdf.open(sys.argv[1]) as pdf:
                page = pdf.pages[2]
                page.contents_add(pdf.make_stream(b'q 0.8 0.8 0.8 0.8 k 100 100 50 50 re f Q'), prepend=False)
                pdf.save(sys.argv[2])
            """
        #expect(try Tool.run("python3", ["-c", patch, source.path, target.path]).status == 0)
        func inkFindings(_ file: URL) throws -> [[String: Any]] {
            let run = try Tool.run(Workspace.folio, ["verify", file.path, "--product", "ingramspark-a5-paperback", "--json",
                                                     "--config", workspace.configFile.path])
            let results = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
            return (results.first?["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "ink-limit-exceeded" }
        }
        #expect(try inkFindings(source).isEmpty)
        let found = try inkFindings(target)
        #expect(found.count == 1 && found.first?["page"] as? Int == 3 && found.first?["severity"] as? String == "error", "\(found)")
        #expect((found.first?["message"] as? String)?.contains("320 %") == true, "\(found)")
    }
}
