import Foundation
import Testing
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
            BI /W 2 /H 1 /CS /RGB /BPC 8 ID \u{1}rg RG\u{2} EI Q 0.2 0 0 rg
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
    }
}
