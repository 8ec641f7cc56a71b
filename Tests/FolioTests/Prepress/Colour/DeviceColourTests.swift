import Diagnostics
import Foundation
import FolioTestSupport
import Testing
@testable import Jobs
@testable import Prepress

/// Cairo's RGB drawing turned into the press's inks (FOGRA39 built by scripts/build-profiles.sh).
@Suite struct DeviceColourTests {
    let map: DeviceColourMap

    init() throws {
        let profile = try Data(contentsOf: repositoryRoot.appendingPathComponent("config/icc/FOGRA39.icc"))
        map = try #require(DeviceColourMap(cmykProfile: profile, intent: .perceptual, blackPointCompensation: true))
    }

    @Test func greysAreBlackInkAlone() {
        #expect(map.cmyk(red: 0, green: 0, blue: 0) == [0, 0, 0, 1])
        #expect(map.cmyk(red: 1, green: 1, blue: 1) == [0, 0, 0, 0])
        var previous = 1.0
        for step in 1...9 {
            let grey = Double(step) / 10
            let ink = map.cmyk(red: grey, green: grey, blue: grey)
            #expect(ink[0] == 0 && ink[1] == 0 && ink[2] == 0, "grey \(grey) uses colour inks: \(ink)")
            #expect(ink[3] < previous, "grey \(grey) is not lighter than the one before: \(ink[3])")
            previous = ink[3]
        }
        // Mid grey on screen (L* 53) needs well under half black ink, because ink spreads.
        let mid = map.cmyk(red: 0.5, green: 0.5, blue: 0.5)[3]
        #expect(mid > 0.3 && mid < 0.6, "50 % grey became \(mid) black")
    }

    @Test func coloursGoThroughTheProfile() {
        let red = map.cmyk(red: 0.9, green: 0.1, blue: 0.1)
        #expect(red[0] < 0.15 && red[1] > 0.8 && red[2] > 0.7, "red became \(red)")
        let night = map.cmyk(red: 0.02, green: 0.04, blue: 0.14)
        #expect(night[0] > 0.5 && night[3] > 0.5, "the night preset's blue became \(night)")
    }

    @Test func onlyColourOperatorsAreRewritten() throws {
        let content = Array("""
            q 0.5 0.5 0.5 rg 1 0 0 RG BT /f-0-0 1 Tf (0 0 0 rg) Tj <0102> Tj ET
            BI /W 2 /H 1 /CS /G /BPC 8 ID \u{1}rg RG\u{2} EI Q 0.2 0 0 rg
            """.utf8)
        let rewritten = try #require(DeviceColourRewrite.rewrite(content, map))
        let text = String(decoding: rewritten, as: UTF8.self)
        #expect(text.hasPrefix("q 0 0 0 0.") && text.contains(" k 0 ") && text.contains(" K BT"), "\(text)")
        #expect(text.contains("(0 0 0 rg) Tj <0102> Tj ET"), "a string was rewritten: \(text)")
        #expect(text.contains("ID \u{1}rg RG\u{2} EI"), "inline image data was rewritten: \(text)")
        #expect(!text.hasSuffix(" rg"), "\(text)")
        #expect(DeviceColourCheck.firstRGBOperator(rewritten) == nil)
        #expect(DeviceColourCheck.firstRGBOperator(content) == "rg")
        #expect(DeviceColourRewrite.rewrite(Array("q 0 0 0 1 k Q".utf8), map) == nil)
        // What the rewrite cannot convert, the check still sees.
        #expect(DeviceColourCheck.firstRGBOperator(Array("BI /W 1 /H 1 /CS /RGB /BPC 8 ID \u{1}\u{2}\u{3} EI".utf8)) == "an inline RGB image")
        #expect(DeviceColourCheck.firstRGBOperator(Array("/DeviceRGB cs 1 0 0 sc".utf8)) == "/DeviceRGB cs")
    }

    /// Cairo writes a gradient used for strokes or text as a shading inside its pattern, not as
    /// an object of its own; the rewrite converts it and the verifier looks there too.
    @Test func shadingsInsidePatternsAreConvertedAndChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = "q /Pattern CS /P0 SCN 10 w 20 20 m 180 180 l S Q 0.2 0.4 0.6 rg 0 0 50 50 re f"
        let shading = "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 200 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >>"
        let sketch = """
            %PDF-1.5
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R
              /Resources << /Pattern << /P0 << /PatternType 2 /Shading \(shading) >> >> >> >> endobj
            4 0 obj << /Length \(content.utf8.count) >> stream
            \(content)
            endstream endobj
            trailer << /Root 1 0 R /Size 5 >>
            %%EOF
            """
        // qpdf rebuilds the cross-reference table the sketch leaves out.
        let sketchFile = folder.appendingPathComponent("sketch.pdf"), drawn = folder.appendingPathComponent("drawn.pdf")
        try Data(sketch.utf8).write(to: sketchFile)
        _ = try Tool.run("qpdf", [sketchFile.path, drawn.path])
        let product = try FolioConfig.load(repositoryRoot.appendingPathComponent("config/folio.json")).product("a5-softcover-fogra39")
        let profile = product.outputColour
        func rgbFindings(_ file: URL) -> [Diagnostic] {
            PDFVerifier(expectations: .init(outputComponents: 4), thorough: false).verify(file).filter { $0.code == "rgb-in-cmyk" }
        }
        let before = rgbFindings(drawn)
        #expect(before.contains { $0.message.contains("shading") }, "\(before)")
        #expect(before.contains { $0.message.contains("(rg)") }, "\(before)")
        let finished = folder.appendingPathComponent("finished.pdf")
        let sheet = SheetGeometry(trimWidth: 200, trimHeight: 200, bleed: 0)
        try PDFFinisher(sheet: sheet, outputIntent: .init(profile: profile.data, components: 4, condition: profile.name),
                        date: "D:20250101000000Z", colours: map).finish(drawn, to: finished)
        #expect(rgbFindings(finished).isEmpty, "\(rgbFindings(finished))")
    }
}
